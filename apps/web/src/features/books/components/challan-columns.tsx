import type { ChallanView } from '@app/domain/books.schemas';
import type { DataColumn } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format';
import { ChallanReceiptStatus } from './challan-receipt-status';

/** The columns the admin's and the counsellor's challan lists share, with the same headers and cells. */
export const challanColumns: Record<'no' | 'date' | 'pamphlets' | 'receiptBooks', DataColumn<ChallanView>> = {
  no: { id: 'no', header: 'Challan No', cell: ({ row }) => row.original.chalanNo, meta: { noWrap: true } },
  date: { id: 'date', header: 'Date', cell: ({ row }) => formatDate(row.original.date), meta: { noWrap: true } },
  pamphlets: {
    id: 'pamphlets',
    header: 'Pamphlets',
    cell: ({ row }) => row.original.pamphlets,
    meta: { isNumeric: true, priority: 2 },
  },
  receiptBooks: {
    id: 'receiptBooks',
    header: 'Receipt Books',
    cell: ({ row }) => row.original.receiptBooks,
    meta: { isNumeric: true, priority: 2 },
  },
};

/** Whether the receiver's signed copy is in: 'Receipt' to the counsellor, 'Signed Copy' to the admin. */
export function challanReceiptColumn(id: string, header: string): DataColumn<ChallanView> {
  return { id, header, cell: ({ row }) => <ChallanReceiptStatus challan={row.original} /> };
}
