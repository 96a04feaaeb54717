import type { ChallanView } from '@app/domain/books.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { type DataColumn, DataTable } from '@/components/ui/data-table';
import { formatDate } from '@/lib/format';
import { useMyChallans } from '../api/get-my-challans';
import { challanColumns, challanReceiptColumn } from './challan-columns';
import { ChallanReceiptStatus } from './challan-receipt-status';
import { ConfirmChallanReceiptModal } from './confirm-challan-receipt-modal';

const columns: DataColumn<ChallanView>[] = [
  challanColumns.no,
  challanColumns.date,
  { id: 'books', header: 'Books', cell: ({ row }) => row.original.books, meta: { isNumeric: true } },
  challanColumns.pamphlets,
  challanColumns.receiptBooks,
  challanReceiptColumn('receipt', 'Receipt'),
];

/** The counsellor's challans, newest first: each is confirmed as received with the receiver's signed copy. */
export function MyChallans() {
  const [page, setPage] = useState(1);
  const challans = useMyChallans(page);
  const [confirming, setConfirming] = useState<ChallanView | null>(null);
  const totalPages = challans.data?.totalPages ?? 1;

  return (
    <>
      <DataTable
        label="My challans"
        columns={columns}
        data={challans.data?.data}
        getRowId={(challan) => String(challan.id)}
        isPending={challans.isPending}
        isError={challans.isError}
        isFetching={challans.isFetching}
        onRetry={() => void challans.refetch()}
        emptyText={messages.noChallans}
        errorText={messages.failedToLoadData}
        card={{
          title: (challan) => `No. ${challan.chalanNo}`,
          subtitle: (challan) => formatDate(challan.date),
          figures: [
            { label: 'Books', value: (challan) => challan.books },
            { label: 'Pamphlets', value: (challan) => challan.pamphlets },
            { label: 'Receipt', value: (challan) => <ChallanReceiptStatus challan={challan} /> },
          ],
        }}
        actions={(challan) =>
          challan.receivedAt ? null : (
            <Button
              size="sm"
              aria-label={`Confirm receipt of challan ${challan.chalanNo}`}
              onClick={() => setConfirming(challan)}
            >
              Confirm Receipt
            </Button>
          )
        }
        paging={
          totalPages > 1
            ? {
                page,
                totalPages,
                totalCount: challans.data?.totalCount ?? 0,
                onPageChange: setPage,
                noun: ['challan', 'challans'],
                isStale: challans.isPlaceholderData,
              }
            : undefined
        }
      />
      <ConfirmChallanReceiptModal challan={confirming} onClose={() => setConfirming(null)} />
    </>
  );
}
