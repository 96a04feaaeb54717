import { AddCentreForm } from '@/features/centres/components/add-centre-form';
import { CentresTable } from '@/features/centres/components/centres-table';

/** SPEC §2 Exam Centre management (dashboard/examcenter). */
export function ExamCentresRoute() {
  return (
    <div className="flex flex-col gap-4">
      <AddCentreForm />
      <CentresTable />
    </div>
  );
}
