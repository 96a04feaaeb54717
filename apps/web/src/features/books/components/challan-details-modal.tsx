import { itemKindOf } from '@app/domain/books.rules';
import type { ChallanView } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { formatDate } from '@/lib/format';

function SmallTable({ caption, headers, rows }: { caption: string; headers: string[]; rows: ReactNode[][] }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="mb-1 text-left font-semibold text-slate-800">{caption}</caption>
      <thead>
        <tr>
          {headers.map((header, index) => (
            <th
              key={header}
              scope="col"
              className={`bg-slate-100 px-2 py-1.5 font-semibold text-slate-700 ${index === headers.length - 1 ? 'text-right' : ''}`}
            >
              {header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, rowIndex) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the rows of one challan never reorder
          <tr key={rowIndex} className="border-t border-slate-200">
            {cells.map((cell, index) => (
              <td
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                key={index}
                className={`px-2 py-1.5 break-words ${index === cells.length - 1 ? 'text-right tabular-nums' : ''}`}
              >
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
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
  const of = (kind: string) => challan.items.filter((item) => itemKindOf(item.book.standard) === kind);
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
        </dl>
        {challan.items.length === 0 && <p className="text-slate-500">{messages.noChallanItems}</p>}
        {books.length > 0 && (
          <SmallTable
            caption="Books"
            headers={['Standard', 'Book Name', 'Count Sent']}
            rows={books.map((item) => [item.book.standard, item.book.bookName, item.countSent])}
          />
        )}
        {pamphlets.length > 0 && (
          <SmallTable
            caption="Pamphlets"
            headers={['Date', 'Count Sent']}
            rows={pamphlets.map((item) => [item.book.bookName, item.countSent])}
          />
        )}
        {receiptBooks.length > 0 && (
          <SmallTable
            caption="Receipt Books"
            headers={['Book Number', 'Range Count']}
            rows={receiptBooks.map((item) => [item.book.bookName, item.countSent])}
          />
        )}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button isLoading={isPdfLoading} onClick={() => onPdf(challan)}>
            Challan PDF
          </Button>
        </div>
      </div>
    </Modal>
  );
}
