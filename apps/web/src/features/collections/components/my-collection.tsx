import { messages } from '@app/domain/messages';
import { LoadError } from '@/components/ui/load-error';
import { useSession } from '@/lib/session';
import { useCollectionPayments } from '../api/get-collection-payments';
import { useCollectionSummary } from '../api/get-collection-summary';
import { CollectionPaymentsTable } from './collection-payments-table';
import { CollectionSummaryCard } from './collection-summary';
import { SettlementForm } from './settlement-form';

/**
 * SPEC §2 My Collection (counsellor, dashboard/settlement): the ledger, the 'Send Collection to'
 * form and the Collection History.
 */
export function MyCollection() {
  const session = useSession();
  const uuid = session?.uuid ?? '';
  const summary = useCollectionSummary(uuid);
  const payments = useCollectionPayments(uuid);

  return (
    <div className="flex flex-col gap-4">
      {summary.isPending ? (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-500 shadow-sm">Loading...</p>
      ) : summary.isError ? (
        <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <LoadError message={messages.failedToLoadData} onRetry={() => summary.refetch()} />
        </div>
      ) : (
        <CollectionSummaryCard summary={summary.data} />
      )}
      <SettlementForm counsellor={{ uuid, name: session?.name ?? '' }} />
      <h2 className="text-lg font-semibold text-slate-900">Collection History</h2>
      <CollectionPaymentsTable
        label="Collection history"
        payments={payments}
        counsellorId={uuid}
        proofTitle="Proof Image"
        noProofText={messages.noProofCounsellor}
      />
    </div>
  );
}
