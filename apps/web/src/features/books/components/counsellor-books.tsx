import type { BookStandard } from '@app/domain/books.rules';
import type { CounsellorStudent } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCounsellorBooks } from '../api/get-counsellor-books';
import { useCounsellorStudents } from '../api/get-counsellor-students';
import { useMarkBookReceived } from '../api/mark-book-received';
import { useMarkStudentGiven } from '../api/mark-student-given';
import { BookStockTables } from './book-stock-tables';
import { MyChallans } from './my-challans';

type SetOfStudent = { set: BookStandard; status: 'not_given' | 'given' };
const setsOf = (student: CounsellorStudent): SetOfStudent[] => [
  { set: student.bookSet1, status: student.status1 },
  ...(student.bookSet2 && student.status2 ? [{ set: student.bookSet2, status: student.status2 }] : []),
];

const matches = (student: CounsellorStudent, search: string) => {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  return [student.studentName, student.studentId, ...setsOf(student).map((entry) => entry.set)].some((value) =>
    value.toLowerCase().includes(text),
  );
};

/** SPEC §2 Counsellor Book Management (dashboard/bookdistribution): handing out sets, then the inventory. */
export function CounsellorBooks() {
  const toast = useToast();
  const uuid = useSession()?.uuid ?? '';
  const books = useCounsellorBooks(uuid);
  const students = useCounsellorStudents(uuid);
  const markReceived = useMarkBookReceived();
  const markGiven = useMarkStudentGiven();
  const [search, setSearch] = useState('');

  const give = (student: CounsellorStudent, set: BookStandard) => {
    if (!window.confirm(`Are you sure you want to mark the ${set} book set as distributed ${student.studentName}?`)) {
      return;
    }
    markGiven.mutate(
      { studentId: student.studentId, bookSet: set },
      {
        onSuccess: () => toast.success(`Books for ${set} marked as given`),
        onError: (error) => toast.error(errorMessage(error, messages.markGivenError)),
      },
    );
  };

  const renderSets = (student: CounsellorStudent) => (
    <ul className="flex flex-col gap-2">
      {setsOf(student).map((entry) => {
        const isBusy =
          markGiven.isPending &&
          markGiven.variables?.studentId === student.studentId &&
          markGiven.variables.bookSet === entry.set;
        return (
          <li key={entry.set} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{entry.set}</span>
            <span
              className={
                entry.status === 'given'
                  ? 'rounded bg-green-100 px-1.5 text-xs text-green-800'
                  : 'rounded bg-amber-100 px-1.5 text-xs text-amber-900'
              }
            >
              {entry.status}
            </span>
            {entry.status === 'not_given' && (
              <Button
                size="sm"
                isLoading={isBusy}
                disabled={markGiven.isPending}
                aria-label={`Mark Given: ${entry.set} set to ${student.studentName}`}
                onClick={() => give(student, entry.set)}
              >
                Mark Given
              </Button>
            )}
          </li>
        );
      })}
    </ul>
  );

  const columns: DataColumn<CounsellorStudent>[] = [
    { id: 'studentId', header: 'Student ID', cell: ({ row }) => row.original.studentId, meta: { noWrap: true } },
    { id: 'name', header: 'Name', cell: ({ row }) => row.original.studentName },
    {
      id: 'fees',
      header: 'Total Fees',
      cell: ({ row }) => formatCurrency(row.original.totalAmount),
      meta: { isNumeric: true, priority: 2 },
    },
    { id: 'sets', header: 'Book Sets', cell: ({ row }) => renderSets(row.original) },
  ];

  return (
    <div className="flex flex-col gap-6">
      {/* The students waiting for books first: Mark Given is the counsellor's frequent action here. */}
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">Eligible Students for Book Distribution</h2>
        <div className="sm:max-w-md">
          <Input
            label="Search"
            type="search"
            placeholder="Search by student name, ID, or book set..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <DataTable
          label="Eligible students"
          columns={columns}
          data={students.data?.filter((student) => matches(student, search))}
          getRowId={(student) => student.studentId}
          isPending={students.isPending}
          isError={students.isError}
          onRetry={() => students.refetch()}
          emptyText={messages.noEligibleStudents}
          errorText={messages.failedToLoadData}
          card={{
            title: (student) => student.studentName,
            subtitle: (student) => student.studentId,
            figures: [{ label: 'Total Fees', value: (student) => formatCurrency(student.totalAmount) }],
          }}
          details={(student, layout) => (layout === 'card' ? renderSets(student) : null)}
        />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">My Challans</h2>
        <MyChallans />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-lg font-semibold text-slate-900">My Book Inventory</h2>
        <BookStockTables
          books={books.data}
          isPending={books.isPending}
          isError={books.isError}
          onRetry={() => books.refetch()}
          emptyText={messages.noBooksAssigned}
          actions={(book) =>
            book.newStock > 0 ? (
              <Button
                size="sm"
                aria-label={`Mark Received: ${book.standard} ${book.bookName}`}
                isLoading={markReceived.isPending && markReceived.variables === book.id}
                disabled={markReceived.isPending}
                onClick={() =>
                  markReceived.mutate(book.id, {
                    onSuccess: () => toast.success(messages.bookMarkedReceived),
                  })
                }
              >
                Mark Received
              </Button>
            ) : (
              <Button size="sm" variant="secondary" disabled>
                Mark Received
              </Button>
            )
          }
        />
      </section>
    </div>
  );
}
