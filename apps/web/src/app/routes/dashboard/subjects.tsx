import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { AddSubjectForm } from '@/features/subjects/components/add-subject-form';
import { SubjectsTable } from '@/features/subjects/components/subjects-table';

/** SPEC §2 Subject Management (dashboard/settings, menu 'Subjects Details'). */
export function SubjectsRoute() {
  const [isAdding, setIsAdding] = useState(false);
  return (
    <div className="flex flex-col gap-4">
      {isAdding ? (
        <AddSubjectForm onClose={() => setIsAdding(false)} />
      ) : (
        <Button className="self-start" onClick={() => setIsAdding(true)}>
          Add Subject
        </Button>
      )}
      <SubjectsTable />
    </div>
  );
}
