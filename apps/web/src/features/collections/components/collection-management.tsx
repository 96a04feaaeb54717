import type { CollectionPayment } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { useCounsellors } from '@/api/get-counsellors';
import { CounsellorCombobox } from '@/components/counsellor-combobox';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency, formatDate } from '@/lib/format';
import { useCollectionPayments } from '../api/get-collection-payments';
import { useReverseSettlement } from '../api/reverse-settlement';
import { useVerifyCollection } from '../api/verify-collection';
import { CollectionPaymentsTable } from './collection-payments-table';
import { CollectionSummaryCard } from './collection-summary';
import { SettlementAccountsEditor } from './settlement-accounts-editor';
import { SettlementReasonModal } from './settlement-reason-modal';

/**
 * SPEC §2 Collection Management (admin, dashboard/collection): choose a counsellor, see their
 * ledger and Transaction History, and verify or reject pending settlements.
 */
export function CollectionManagement() {
  const toast = useToast();
  const counsellors = useCounsellors();
  const [counsellorId, setCounsellorId] = useState('');
  const payments = useCollectionPayments(counsellorId);
  const verify = useVerifyCollection();
  const reverse = useReverseSettlement();
  const [rejecting, setRejecting] = useState<number | null>(null);
  const [reversing, setReversing] = useState<number | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const decide = (id: number, decision: { status: 'verified' } | { status: 'rejected'; reason: string }) => {
    setBusyId(id);
    verify.mutate(
      { id, ...decision },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setRejecting(null);
        },
        onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
        onSettled: () => setBusyId(null),
      },
    );
  };

  const reverseOne = (id: number, reason: string) =>
    reverse.mutate(
      { id, reason },
      {
        onSuccess: ({ message }) => {
          toast.success(message);
          setReversing(null);
        },
        onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
      },
    );

  const renderActions = (payment: CollectionPayment) => {
    const label = `settlement of ${formatCurrency(payment.amountPaid)} paid on ${formatDate(payment.paymentDate)}`;
    if (payment.verifyStatus === 'verified') {
      return (
        <Button size="sm" variant="secondary" aria-label={`Reverse ${label}`} onClick={() => setReversing(payment.id)}>
          Reverse
        </Button>
      );
    }
    if (payment.verifyStatus !== 'pending') return <span className="text-slate-400">-</span>;
    const isBusy = busyId === payment.id;
    return (
      <div className="flex gap-2">
        <Button
          size="sm"
          aria-label={`Verify ${label}`}
          isLoading={isBusy && verify.variables?.status === 'verified'}
          disabled={busyId !== null}
          onClick={() => decide(payment.id, { status: 'verified' })}
        >
          Verify
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={`Reject ${label}`}
          disabled={busyId !== null}
          onClick={() => setRejecting(payment.id)}
        >
          Reject
        </Button>
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <div className="sm:max-w-md">
          <CounsellorCombobox
            counsellors={counsellors.data ?? []}
            value={counsellorId}
            onChange={setCounsellorId}
            isLoading={counsellors.isPending}
          />
        </div>
        {counsellors.isError && (
          <div className="mt-3">
            <LoadError message={messages.failedToLoadData} onRetry={() => counsellors.refetch()} />
          </div>
        )}
        <SettlementAccountsEditor />
      </div>

      {counsellorId === '' ? (
        <p className="rounded-xl border border-slate-200 bg-white p-6 text-center text-slate-500 shadow-sm">
          Select a counsellor to see their collection.
        </p>
      ) : (
        <>
          <CollectionSummaryCard counsellorId={counsellorId} />
          <h2 className="text-lg font-semibold text-slate-900">Transaction History</h2>
          <CollectionPaymentsTable
            label="Transaction history"
            payments={payments}
            counsellorId={counsellorId}
            proofTitle="Payment Proof"
            noProofText={messages.noProofAdmin}
            renderActions={renderActions}
          />
        </>
      )}

      <SettlementReasonModal
        paymentId={rejecting}
        title="Reject Settlement"
        actionLabel="Reject"
        requiredMessage={messages.rejectionReasonRequired}
        isPending={verify.isPending && busyId === rejecting}
        onSubmit={(reason) => rejecting !== null && decide(rejecting, { status: 'rejected', reason })}
        onClose={() => setRejecting(null)}
      />
      <SettlementReasonModal
        paymentId={reversing}
        title="Reverse Settlement"
        actionLabel="Reverse"
        description="The settlement stays in the history, marked Reversed, and its amount is in the counsellor's cash in hand again."
        requiredMessage={messages.settlementReversalReasonRequired}
        isPending={reverse.isPending}
        onSubmit={(reason) => reversing !== null && reverseOne(reversing, reason)}
        onClose={() => setReversing(null)}
      />
    </div>
  );
}
