import type { CollectionPayment } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { errorMessage } from '@/lib/api-client';
import { formatCurrency, formatDate } from '@/lib/format';
import { useSession } from '@/lib/session';
import { useCollectionPayments } from '../api/get-collection-payments';
import { useWithdrawSettlement } from '../api/withdraw-settlement';
import { CollectionPaymentsTable } from './collection-payments-table';
import { CollectionSummaryCard } from './collection-summary';
import { SettlementForm } from './settlement-form';

/**
 * SPEC §2 My Collection (counsellor, dashboard/settlement): the ledger, the 'Send Collection to'
 * form and the Collection History, where a settlement still pending can be edited or withdrawn.
 */
export function MyCollection() {
  const session = useSession();
  const toast = useToast();
  const uuid = session?.uuid ?? '';
  const counsellor = { uuid, name: session?.name ?? '' };
  const payments = useCollectionPayments(uuid);
  const withdraw = useWithdrawSettlement();
  const [editing, setEditing] = useState<CollectionPayment | null>(null);

  const withdrawOne = (payment: CollectionPayment, label: string) => {
    if (!window.confirm(`Withdraw the ${label}? It stays in the history, marked Withdrawn.`)) return;
    withdraw.mutate(payment.id, {
      onSuccess: ({ message }) => toast.success(message),
      onError: (error) => toast.error(errorMessage(error, messages.somethingWentWrong)),
    });
  };

  const renderActions = (payment: CollectionPayment) => {
    if (payment.verifyStatus !== 'pending') return <span className="text-slate-400">-</span>;
    const label = `settlement of ${formatCurrency(payment.amountPaid)} paid on ${formatDate(payment.paymentDate)}`;
    return (
      <div className="flex gap-2">
        <Button size="sm" variant="secondary" aria-label={`Edit ${label}`} onClick={() => setEditing(payment)}>
          Edit
        </Button>
        <Button
          size="sm"
          variant="danger"
          aria-label={`Withdraw ${label}`}
          isLoading={withdraw.isPending && withdraw.variables === payment.id}
          disabled={withdraw.isPending}
          onClick={() => withdrawOne(payment, label)}
        >
          Withdraw
        </Button>
      </div>
    );
  };

  return (
    <div className="flex flex-col gap-4">
      <CollectionSummaryCard counsellorId={uuid} />
      <SettlementForm counsellor={counsellor} />
      <h2 className="text-lg font-semibold text-slate-900">Collection History</h2>
      <CollectionPaymentsTable
        label="Collection history"
        payments={payments}
        counsellorId={uuid}
        proofTitle="Proof Image"
        noProofText={messages.noProofCounsellor}
        renderActions={renderActions}
      />
      <Modal isOpen={editing !== null} onClose={() => setEditing(null)} title="Edit Settlement">
        {editing && (
          <SettlementForm key={editing.id} counsellor={counsellor} editing={editing} onSaved={() => setEditing(null)} />
        )}
      </Modal>
    </div>
  );
}
