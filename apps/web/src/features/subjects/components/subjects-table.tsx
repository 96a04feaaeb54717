import { messages } from '@app/domain/messages';
import type { Subject } from '@app/domain/subjects.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableMessage } from '@/components/ui/table';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useDeleteSubject } from '../api/delete-subject';
import { useSubjects } from '../api/get-subjects';
import { ExamDetailsModal } from './exam-details-modal';

const columns = ['Code', 'Name', 'Language', 'Standard', 'Date', 'Time', 'Actions'];

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

  const body = () => {
    if (subjects.isPending) return <TableMessage colSpan={columns.length}>Loading...</TableMessage>;
    if (subjects.isError) {
      return (
        <TableMessage colSpan={columns.length}>
          <LoadError message={messages.failedToLoadSubjects} onRetry={() => subjects.refetch()} />
        </TableMessage>
      );
    }
    if (subjects.data.length === 0) return <TableMessage colSpan={columns.length}>No subjects found.</TableMessage>;
    return subjects.data.map((subject) => (
      <tr key={subject.subjectCode}>
        <td className="tabular-nums">{subject.subjectCode}</td>
        <td className="font-medium">{subject.subjectName}</td>
        <td>{subject.language}</td>
        <td>{subject.standard}</td>
        <td className="whitespace-nowrap">{formatDate(subject.examDate)}</td>
        <td className="whitespace-nowrap">{subject.examTime || '-'}</td>
        <td>
          <div className="flex gap-2">
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
          </div>
        </td>
      </tr>
    ));
  };

  return (
    <>
      <Table label="Subjects">
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{body()}</tbody>
      </Table>
      <ExamDetailsModal subject={schedulingFor} onClose={() => setSchedulingFor(null)} />
    </>
  );
}
