import { itemKindOf } from '@app/domain/books.rules';
import type { ChallanView } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { FormActions } from '@/components/ui/form-actions';
import { Modal } from '@/components/ui/modal';
import { formatDate } from '@/lib/format';
import { ChallanReceiptStatus } from './challan-receipt-status';

type ItemRow = { key: string; standard: string; bookName: string; countSent: number };

const countColumn = (header: string): DataColumn<ItemRow> => ({
  id: 'countSent',
  header,
  cell: ({ row }) => row.original.countSent,
  meta: { isNumeric: true },
});
const bookColumns: DataColumn<ItemRow>[] = [
  { id: 'standard', header: 'Standard', cell: ({ row }) => row.original.standard, meta: { noWrap: true } },
  { id: 'bookName', header: 'Book Name', cell: ({ row }) => row.original.bookName },
  countColumn('Count Sent'),
];
const pamphletColumns: DataColumn<ItemRow>[] = [
  { id: 'bookName', header: 'Date', cell: ({ row }) => row.original.bookName, meta: { noWrap: true } },
  countColumn('Count Sent'),
];
const receiptColumns: DataColumn<ItemRow>[] = [
  { id: 'bookName', header: 'Book Number', cell: ({ row }) => row.original.bookName },
  countColumn('Range Count'),
];

/** One group of a challan's items in the shared table (cards on a phone). */
function ItemGroup({
  title,
  columns,
  rows,
  card,
}: {
  title: string;
  columns: DataColumn<ItemRow>[];
  rows: ItemRow[];
  card: CardLayout<ItemRow>;
}) {
  return (
    <section className="flex flex-col gap-1.5">
      <h3 className="font-semibold text-slate-800">{title}</h3>
      <DataTable
        label={title}
        columns={columns}
        data={rows}
        getRowId={(row) => row.key}
        isPending={false}
        isError={false}
        onRetry={() => {}}
        emptyText={messages.noChallanItems}
        errorText={messages.failedToLoadData}
        card={card}
      />
    </section>
  );
}

/** SPEC §2 Challan Management System: the details modal, items grouped into books, pamphlets, receipt books. */
export function ChallanDetailsModal({
  challan,
  onClose,
  onPdf,
  isPdfLoading,
}: {
  challan: ChallanView | null;
  onClose: () => void;
  onPdf: (challan: ChallanView) => void;
  isPdfLoading: boolean;
}) {
  if (!challan) return null;
  const of = (kind: string): ItemRow[] =>
    challan.items
      .filter((item) => itemKindOf(item.book.standard) === kind)
      .map((item, index) => ({ key: String(index), ...item.book, countSent: item.countSent }));
  const books = of('book');
  const pamphlets = of('pamphlet');
  const receiptBooks = of('receiptBook');
  return (
    <Modal isOpen onClose={onClose} title={`Challan ${challan.chalanNo}`}>
      <div className="flex flex-col gap-4">
        <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm">
          <dt className="text-slate-600">Challan No</dt>
          <dd className="font-medium">{challan.chalanNo}</dd>
          <dt className="text-slate-600">Date</dt>
          <dd className="font-medium">{formatDate(challan.date)}</dd>
          <dt className="text-slate-600">Counsellor</dt>
          <dd className="font-medium break-words">{challan.counsellorName}</dd>
          <dt className="text-slate-600">Total Items</dt>
          <dd className="font-medium">{challan.totalItems}</dd>
          <dt className="text-slate-600">Signed Copy</dt>
          <dd>
            <ChallanReceiptStatus challan={challan} />
          </dd>
        </dl>
        {challan.signedCopyUrl && (
          <img
            src={challan.signedCopyUrl}
            alt={`Signed copy of challan ${challan.chalanNo}`}
            className="max-h-80 w-auto max-w-full self-start rounded-lg border border-slate-200 object-contain"
          />
        )}
        {challan.items.length === 0 && <p className="text-slate-500">{messages.noChallanItems}</p>}
        {books.length > 0 && (
          <ItemGroup
            title="Books"
            columns={bookColumns}
            rows={books}
            card={{
              title: (row) => row.bookName,
              subtitle: (row) => row.standard,
              meta: (row) => `Count Sent: ${row.countSent}`,
            }}
          />
        )}
        {pamphlets.length > 0 && (
          <ItemGroup
            title="Pamphlets"
            columns={pamphletColumns}
            rows={pamphlets}
            card={{ title: (row) => row.bookName, meta: (row) => `Count Sent: ${row.countSent}` }}
          />
        )}
        {receiptBooks.length > 0 && (
          <ItemGroup
            title="Receipt Books"
            columns={receiptColumns}
            rows={receiptBooks}
            card={{ title: (row) => row.bookName, meta: (row) => `Range Count: ${row.countSent}` }}
          />
        )}
        <FormActions onCancel={onClose} cancelLabel="Close">
          <Button isLoading={isPdfLoading} onClick={() => onPdf(challan)}>
            Challan PDF
          </Button>
        </FormActions>
      </div>
    </Modal>
  );
}
