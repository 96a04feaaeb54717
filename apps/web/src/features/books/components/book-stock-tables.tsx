import { displayedTotal, itemStandards } from '@app/domain/books.rules';
import type { BookStockItem } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import type { ReactNode } from 'react';
import { type DataColumn, DataTable } from '@/components/ui/data-table';

const groupTitles: Record<string, string> = {
  '10th': '10th Standard',
  '11th': '11th Standard',
  '12th': '12th Standard',
  pamphlet: 'Pamphlets',
  receiptBook: 'Receipt Books',
};

const columns: DataColumn<BookStockItem>[] = [
  { id: 'bookName', header: 'Book Name', cell: ({ row }) => row.original.bookName },
  {
    id: 'total',
    header: 'Total Count',
    cell: ({ row }) => displayedTotal(row.original),
    meta: { isNumeric: true },
  },
  {
    id: 'distributed',
    header: 'Distributed',
    cell: ({ row }) => row.original.distributedCount,
    meta: { isNumeric: true, priority: 2 },
  },
  { id: 'remaining', header: 'Remaining', cell: ({ row }) => row.original.totalCount, meta: { isNumeric: true } },
  { id: 'newStock', header: 'New Stock', cell: ({ row }) => row.original.newStock, meta: { isNumeric: true } },
];

type BookStockTablesProps = {
  books: BookStockItem[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  emptyText: string;
  /** Mark Received, on the counsellor's own inventory. */
  actions?: (book: BookStockItem) => ReactNode;
};

/** A counsellor's stock grouped by standard (then pamphlets and receipt books), one DataTable per group. */
export function BookStockTables({ books, isPending, isError, onRetry, emptyText, actions }: BookStockTablesProps) {
  if (isPending || isError || !books || books.length === 0) {
    return (
      <DataTable
        label="Books"
        columns={columns}
        data={books}
        getRowId={(book) => String(book.id)}
        isPending={isPending}
        isError={isError}
        onRetry={onRetry}
        emptyText={emptyText}
        errorText={messages.failedToLoadData}
        card={{ title: (book) => book.bookName }}
      />
    );
  }
  const groups = itemStandards
    .map((standard) => ({ standard, rows: books.filter((book) => book.standard === standard) }))
    .filter((group) => group.rows.length > 0);
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group) => (
        <section key={group.standard} className="flex flex-col gap-2">
          <h3 className="font-semibold text-slate-800">{groupTitles[group.standard] ?? group.standard}</h3>
          <DataTable
            label={`${groupTitles[group.standard] ?? group.standard} books`}
            columns={columns}
            data={group.rows}
            getRowId={(book) => String(book.id)}
            isPending={false}
            isError={false}
            onRetry={onRetry}
            emptyText={emptyText}
            errorText={messages.failedToLoadData}
            card={{
              title: (book) => book.bookName,
              figures: [
                { label: 'Total Count', value: (book) => displayedTotal(book) },
                { label: 'Distributed', value: (book) => book.distributedCount },
                { label: 'Remaining', value: (book) => book.totalCount },
                { label: 'New Stock', value: (book) => book.newStock },
              ],
            }}
            actions={actions}
          />
        </section>
      ))}
    </div>
  );
}
