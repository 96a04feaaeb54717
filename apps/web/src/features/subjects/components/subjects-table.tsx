import { messages } from '@app/domain/messages';
import type { Subject } from '@app/domain/subjects.schemas';
import { useState } from 'react';
import { useSubjects } from '@/api/get-subjects';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useDeleteSubject } from '../api/delete-subject';
import { ExamDetailsModal } from './exam-details-modal';

const columns: DataColumn<Subject>[] = [
  { id: 'subjectCode', header: 'Code', accessorKey: 'subjectCode', meta: { className: 'tabular-nums' } },
  { id: 'subjectName', header: 'Name', accessorKey: 'subjectName', meta: { className: 'font-medium' } },
  { id: 'language', header: 'Language', accessorKey: 'language', meta: { priority: 3 } },
  { id: 'standard', header: 'Standard', accessorKey: 'standard', meta: { priority: 2 } },
  { id: 'examDate', header: 'Date', cell: ({ row }) => formatDate(row.original.examDate), meta: { noWrap: true } },
  { id: 'examTime', header: 'Time', cell: ({ row }) => row.original.examTime || '-', meta: { noWrap: true } },
];

const subjectCard: CardLayout<Subject> = {
  title: (subject) => subject.subjectName,
  subtitle: (subject) => subject.subjectCode,
  meta: (subject) => `${subject.standard} · ${subject.language}`,
  figures: [
    { label: 'Date', value: (subject) => formatDate(subject.examDate) },
    { label: 'Time', value: (subject) => subject.examTime || '-' },
  ],
};

/** SPEC §2 Subject Management: every subject with its exam date and time. */
export function SubjectsTable() {
  const subjects = useSubjects();
  const deleteSubject = useDeleteSubject();
  const toast = useToast();
  const [schedulingFor, setSchedulingFor] = useState<Subject | null>(null);

  const remove = (subject: Subject) => {
    if (!window.confirm(messages.confirmDeleteSubject)) return;
    deleteSubject.mutate(subject.subjectCode, {
      onSuccess: () => toast.success(messages.subjectDeleted),
      onError: () => toast.error(messages.failedToDeleteSubject),
    });
  };

  const actions = (subject: Subject) => (
    <>
      <Button size="sm" variant="secondary" onClick={() => setSchedulingFor(subject)}>
        {subject.examDate ? 'Update Date' : 'Add Date'}
      </Button>
      <Button
        size="sm"
        variant="danger"
        isLoading={deleteSubject.isPending && deleteSubject.variables === subject.subjectCode}
        onClick={() => remove(subject)}
      >
        Delete
      </Button>
    </>
  );

  return (
    <>
      <DataTable
        label="Subjects"
        columns={columns}
        data={subjects.data}
        getRowId={(subject) => String(subject.subjectCode)}
        isPending={subjects.isPending}
        isError={subjects.isError}
        onRetry={() => void subjects.refetch()}
        emptyText="No subjects found."
        errorText={messages.failedToLoadSubjects}
        card={subjectCard}
        actions={actions}
      />
      <ExamDetailsModal subject={schedulingFor} onClose={() => setSchedulingFor(null)} />
    </>
  );
}
