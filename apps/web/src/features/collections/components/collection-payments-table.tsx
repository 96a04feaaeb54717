import type { CollectionPayment } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { DownloadButton } from '@/components/download-button';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { cn } from '@/lib/cn';
import { formatCurrency, formatDate } from '@/lib/format';
import { downloadCollectionPayments } from '../api/get-collection-payments';
import { ProofImageModal } from './proof-image-modal';

const statusLabels: Record<CollectionPayment['verifyStatus'], string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
  reversed: 'Reversed',
};

const statusClasses: Record<CollectionPayment['verifyStatus'], string> = {
  pending: 'bg-amber-50 text-amber-800 border-amber-200',
  verified: 'bg-green-50 text-green-800 border-green-200',
  rejected: 'bg-red-50 text-red-800 border-red-200',
  withdrawn: 'bg-slate-100 text-slate-700 border-slate-300',
  reversed: 'bg-purple-50 text-purple-800 border-purple-200',
};

function StatusCell({ payment }: { payment: CollectionPayment }) {
  return (
    <div className="flex flex-col gap-1">
      <span
        className={cn(
          'inline-flex w-fit rounded-full border px-2 py-0.5 text-xs font-semibold',
          statusClasses[payment.verifyStatus],
        )}
      >
        {statusLabels[payment.verifyStatus]}
      </span>
      {payment.verifyStatus === 'rejected' && payment.rejectionReason && (
        <span className="max-w-64 text-xs whitespace-normal text-slate-600">Reason: {payment.rejectionReason}</span>
      )}
      {payment.verifyStatus === 'reversed' && payment.reversalReason && (
        <span className="max-w-64 text-xs whitespace-normal text-slate-600">Reason: {payment.reversalReason}</span>
      )}
    </div>
  );
}

type CollectionPaymentsTableProps = {
  /** The region's name, e.g. 'Collection history'. */
  label: string;
  payments: UseQueryResult<CollectionPayment[]>;
  /** The proof dialog's title and its text when there is no image. */
  proofTitle: string;
  noProofText: string;
  /** An Actions column (the admin's decisions, the counsellor's corrections): what to show for a row. */
  renderActions?: (payment: CollectionPayment) => ReactNode;
  /** Whose settlements these are: offers them as Excel. */
  counsellorId?: string;
};

/** SPEC §2: a counsellor's settlements, newest first, with status and proof. */
export function CollectionPaymentsTable({
  label,
  payments,
  proofTitle,
  noProofText,
  renderActions,
  counsellorId,
}: CollectionPaymentsTableProps) {
  const [viewing, setViewing] = useState<CollectionPayment | null>(null);
  const proofButton = (payment: CollectionPayment) =>
    payment.proofUrl.trim() ? (
      <Button
        size="sm"
        variant="secondary"
        aria-label={`View proof of ${formatCurrency(payment.amountPaid)} paid on ${formatDate(payment.paymentDate)}`}
        onClick={() => setViewing(payment)}
      >
        View Proof
      </Button>
    ) : (
      <span className="text-slate-600">{noProofText}</span>
    );

  const columns: DataColumn<CollectionPayment>[] = [
    {
      id: 'paymentDate',
      header: 'Date',
      cell: ({ row }) => formatDate(row.original.paymentDate),
      meta: { noWrap: true },
    },
    {
      id: 'amountPaid',
      header: 'Amount Paid',
      cell: ({ row }) => formatCurrency(row.original.amountPaid),
      meta: { isNumeric: true, noWrap: true },
    },
    { id: 'remark', header: 'Remark', accessorKey: 'remark', meta: { priority: 2, className: 'max-w-72' } },
    { id: 'status', header: 'Status', cell: ({ row }) => <StatusCell payment={row.original} /> },
    { id: 'proof', header: 'Proof', cell: ({ row }) => proofButton(row.original), meta: { noWrap: true } },
  ];

  const card: CardLayout<CollectionPayment> = {
    title: (payment) => formatCurrency(payment.amountPaid),
    subtitle: (payment) => formatDate(payment.paymentDate),
    meta: (payment) => payment.remark,
    figures: [{ label: 'Status', value: (payment) => <StatusCell payment={payment} /> }],
  };

  return (
    <>
      {counsellorId && Boolean(payments.data?.length) && (
        <div className="flex justify-end">
          <DownloadButton download={() => downloadCollectionPayments(counsellorId)} fileName="Transactions.xlsx" />
        </div>
      )}
      <DataTable
        label={label}
        columns={columns}
        data={payments.data}
        getRowId={(payment) => String(payment.id)}
        isPending={payments.isPending}
        isError={payments.isError}
        isFetching={payments.isFetching}
        onRetry={() => void payments.refetch()}
        emptyText={messages.noTransactions}
        errorText={messages.failedToLoadData}
        card={card}
        // Proof (SPEC column) in the table; on a phone it joins the row's buttons.
        details={(payment, layout) => (layout === 'card' ? proofButton(payment) : null)}
        {...(renderActions ? { actions: renderActions } : {})}
      />
      <ProofImageModal proof={viewing} title={proofTitle} emptyText={noProofText} onClose={() => setViewing(null)} />
    </>
  );
}
