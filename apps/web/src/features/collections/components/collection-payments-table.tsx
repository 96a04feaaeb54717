import type { CollectionPayment } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import type { UseQueryResult } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Table, TableMessage } from '@/components/ui/table';
import { cn } from '@/lib/cn';
import { formatCurrency, formatDate } from '@/lib/format';
import { ProofImageModal } from './proof-image-modal';

const statusLabels: Record<CollectionPayment['verifyStatus'], string> = {
  pending: 'Pending',
  verified: 'Verified',
  rejected: 'Rejected',
};

const statusClasses: Record<CollectionPayment['verifyStatus'], string> = {
  pending: 'bg-amber-50 text-amber-800 border-amber-200',
  verified: 'bg-green-50 text-green-800 border-green-200',
  rejected: 'bg-red-50 text-red-800 border-red-200',
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
  /** An Actions column (admin): what to show for a row. */
  renderActions?: (payment: CollectionPayment) => ReactNode;
};

/** SPEC §2: a counsellor's settlements, newest first, with status and proof. */
export function CollectionPaymentsTable({
  label,
  payments,
  proofTitle,
  noProofText,
  renderActions,
}: CollectionPaymentsTableProps) {
  const [viewing, setViewing] = useState<CollectionPayment | null>(null);
  const columns = ['Date', 'Amount Paid', 'Remark', 'Status', 'Proof', ...(renderActions ? ['Actions'] : [])];

  const body = () => {
    const message = (content: ReactNode) => <TableMessage colSpan={columns.length}>{content}</TableMessage>;
    if (payments.isPending) return message('Loading...');
    if (payments.isError) {
      return message(<LoadError message={messages.failedToLoadData} onRetry={() => payments.refetch()} />);
    }
    if (payments.data.length === 0) return message(messages.noTransactions);
    return payments.data.map((payment) => (
      <tr key={payment.id}>
        <td className="whitespace-nowrap tabular-nums">{formatDate(payment.paymentDate)}</td>
        <td className="text-right tabular-nums">{formatCurrency(payment.amountPaid)}</td>
        <td className="max-w-72 whitespace-normal">{payment.remark}</td>
        <td>
          <StatusCell payment={payment} />
        </td>
        <td>
          {payment.proofUrl.trim() ? (
            <Button
              size="sm"
              variant="secondary"
              aria-label={`View proof of ${formatCurrency(payment.amountPaid)} paid on ${formatDate(payment.paymentDate)}`}
              onClick={() => setViewing(payment)}
            >
              View Proof
            </Button>
          ) : (
            <span className="text-slate-500">{noProofText}</span>
          )}
        </td>
        {renderActions && <td>{renderActions(payment)}</td>}
      </tr>
    ));
  };

  return (
    <>
      <Table label={label}>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody aria-busy={payments.isFetching || undefined}>{body()}</tbody>
      </Table>
      <ProofImageModal proof={viewing} title={proofTitle} emptyText={noProofText} onClose={() => setViewing(null)} />
    </>
  );
}
