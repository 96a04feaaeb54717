import type { ChallanView } from '@app/domain/books.schemas';
import type { DataColumn } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format';
import { ChallanReceiptStatus } from './challan-receipt-status';

// The columns the admin's and the counsellor's challan lists share, with the same headers and cells.

export const challanNoColumn: DataColumn<ChallanView> = {
  id: 'no',
  header: 'Challan No',
  cell: ({ row }) => row.original.chalanNo,
  meta: { noWrap: true },
};

export const challanDateColumn: DataColumn<ChallanView> = {
  id: 'date',
  header: 'Date',
  cell: ({ row }) => formatDate(row.original.date),
  meta: { noWrap: true },
};

export const challanPamphletsColumn: DataColumn<ChallanView> = {
  id: 'pamphlets',
  header: 'Pamphlets',
  cell: ({ row }) => row.original.pamphlets,
  meta: { isNumeric: true, priority: 2 },
};

export const challanReceiptBooksColumn: DataColumn<ChallanView> = {
  id: 'receiptBooks',
  header: 'Receipt Books',
  cell: ({ row }) => row.original.receiptBooks,
  meta: { isNumeric: true, priority: 2 },
};

/** Whether the receiver's signed copy is in: 'Receipt' to the counsellor, 'Signed Copy' to the admin. */
export function challanReceiptColumn(id: string, header: string): DataColumn<ChallanView> {
  return { id, header, cell: ({ row }) => <ChallanReceiptStatus challan={row.original} /> };
}
