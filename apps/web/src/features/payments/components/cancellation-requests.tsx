import type { CancellationRequest } from '@app/domain/corrections.schemas';
import { messages } from '@app/domain/messages';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { type CardLayout, type DataColumn, DataTable } from '@/components/ui/data-table';
import { Modal } from '@/components/ui/modal';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency, formatDate } from '@/lib/format';
import { useCancellationRequests, useDecideCancellation } from '../api/corrections';

const statusLabels = { pending: 'Waiting', approved: 'Approved (cancelled)', rejected: 'Rejected' } as const;
const statusStyles = {
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-red-100 text-red-800',
  rejected: 'bg-slate-100 text-slate-700',
} as const;

function Status({ request }: { request: CancellationRequest }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[request.status]}`}>
      {statusLabels[request.status]}
    </span>
  );
}

const columns: DataColumn<CancellationRequest>[] = [
  {
    id: 'createdAt',
    header: 'Asked on',
    cell: ({ row }) => formatDate(row.original.createdAt),
    meta: { noWrap: true },
  },
  { id: 'receiptNumber', header: 'Receipt No.', accessorKey: 'receiptNumber', meta: { noWrap: true } },
  {
    id: 'studentName',
    header: 'Student',
    cell: ({ row }) => `${row.original.studentName} (${row.original.studentId})`,
  },
  {
    id: 'amountPaid',
    header: 'Amount',
    cell: ({ row }) => formatCurrency(row.original.amountPaid),
    meta: { isNumeric: true, noWrap: true },
  },
  { id: 'requestedBy', header: 'Asked by', accessorKey: 'requestedBy' },
  { id: 'reason', header: 'Reason', accessorKey: 'reason' },
  {
    id: 'status',
    header: 'Status',
    cell: ({ row }) => (
      <>
        <Status request={row.original} />
        {row.original.rejectionReason && (
          <span className="block text-xs text-slate-600">{row.original.rejectionReason}</span>
        )}
      </>
    ),
  },
];

const card: CardLayout<CancellationRequest> = {
  title: (request) => request.studentName,
  subtitle: (request) => request.receiptNumber,
  meta: (request) => (
    <>
      <Status request={request} /> {request.requestedBy}, {formatDate(request.createdAt)}: {request.reason}
    </>
  ),
  figures: [{ label: 'Amount', value: (request) => formatCurrency(request.amountPaid) }],
  moreDetails: ['createdAt', 'receiptNumber', 'studentName', 'amountPaid', 'requestedBy', 'reason', 'status'],
};

/** Asks why a request is rejected (required). */
function RejectModal({
  request,
  isPending,
  onReject,
  onClose,
}: {
  request: CancellationRequest | null;
  isPending: boolean;
  onReject: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!reason.trim()) return setError(messages.cancellationRejectionReasonRequired);
    onReject(reason.trim());
  };
  return (
    <Modal isOpen={request !== null} onClose={onClose} title="Reject Cancellation">
      <form noValidate onSubmit={onSubmit} aria-label="Reject cancellation" className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">
          Receipt {request?.receiptNumber} of {request?.studentName} stays valid.
        </p>
        <Textarea
          label="Reason"
          required
          maxLength={300}
          value={reason}
          error={error}
          onChange={(event) => {
            setReason(event.target.value);
            setError(undefined);
          }}
        />
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" variant="danger" isLoading={isPending}>
            Reject
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/**
 * Cancellation Requests (admin, issue 25): counsellors' requests to cancel a receipt, waiting ones first.
 * Approve cancels the receipt with the counsellor's reason; Reject asks why.
 */
export function CancellationRequests() {
  const toast = useToast();
  const requests = useCancellationRequests();
  const decide = useDecideCancellation();
  const [rejecting, setRejecting] = useState<CancellationRequest | null>(null);
  const approve = (request: CancellationRequest) => {
    if (!window.confirm(`Cancel receipt ${request.receiptNumber} of ${request.studentName}?`)) return;
    decide.mutate(
      { id: request.id, body: { status: 'approved' } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          if ('warning' in answer && answer.warning) toast.error(answer.warning);
        },
        onError: (error) => toast.error(errorMessage(error, messages.internalError)),
      },
    );
  };
  const reject = (reason: string) =>
    rejecting &&
    decide.mutate(
      { id: rejecting.id, body: { status: 'rejected', reason } },
      {
        onSuccess: (answer) => {
          toast.success(answer.message);
          setRejecting(null);
        },
        onError: (error) => toast.error(errorMessage(error, messages.internalError)),
      },
    );
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">
        A cancelled receipt stays listed, marked Cancelled, and no longer counts as paid. A student who had paid
        everything needs a due date: cancel such a receipt from Payment Table instead, where one can be given.
      </p>
      <DataTable
        label="Cancellation requests"
        columns={columns}
        data={requests.data?.data}
        getRowId={(request) => String(request.id)}
        isPending={requests.isPending}
        isError={requests.isError}
        isFetching={requests.isFetching}
        onRetry={() => void requests.refetch()}
        emptyText="No cancellation requests."
        errorText={messages.failedToLoadData}
        card={card}
        actions={(request) =>
          request.status === 'pending' && (
            <>
              <Button
                size="sm"
                variant="danger"
                aria-label={`Approve cancellation of ${request.receiptNumber}`}
                isLoading={decide.isPending && decide.variables?.id === request.id}
                onClick={() => approve(request)}
              >
                Approve
              </Button>
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Reject cancellation of ${request.receiptNumber}`}
                onClick={() => setRejecting(request)}
              >
                Reject
              </Button>
            </>
          )
        }
      />
      <RejectModal
        key={rejecting?.id ?? 0}
        request={rejecting}
        isPending={decide.isPending}
        onReject={reject}
        onClose={() => setRejecting(null)}
      />
    </div>
  );
}
