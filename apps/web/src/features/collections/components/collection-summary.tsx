import type { CollectionSummary } from '@app/domain/collections.schemas';
import { messages } from '@app/domain/messages';
import { toPaise, toRupees } from '@app/domain/money.rules';
import { LoadError } from '@/components/ui/load-error';
import { formatCurrency, formatDate } from '@/lib/format';
import { useCollectionSummary } from '../api/get-collection-summary';

type Figure = { label: string; value: string; tone?: 'strong' };

function figuresOf(summary: CollectionSummary): Figure[] {
  const commissionPaise = toPaise(summary.totalAmount) - toPaise(summary.actualAmount);
  return [
    { label: 'Fees Collected', value: formatCurrency(summary.totalAmount) },
    { label: `Commission (${summary.commissionRate}%)`, value: formatCurrency(toRupees(commissionPaise)) },
    { label: 'Owed to Company', value: formatCurrency(summary.actualAmount) },
    { label: 'Settled', value: formatCurrency(summary.collectedAmount) },
    { label: 'Pending Verification', value: formatCurrency(summary.pendingAmount) },
    { label: 'Balance', value: formatCurrency(summary.balance), tone: 'strong' },
    { label: 'Last Collected', value: formatDate(summary.lastCollectedDate) },
  ];
}

/**
 * A counsellor's cash ledger (rupees): what they collected, owe, settled and still have to settle; while
 * it loads 'Loading...', and a retry if it fails. The admin's Collection Management and the counsellor's
 * My Collection show it alike.
 */
export function CollectionSummaryCard({ counsellorId }: { counsellorId: string }) {
  const summary = useCollectionSummary(counsellorId);
  if (summary.isPending) {
    return <p className="rounded-xl border border-slate-200 bg-white p-4 text-slate-500 shadow-sm">Loading...</p>;
  }
  if (summary.isError) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
        <LoadError message={messages.failedToLoadData} onRetry={() => summary.refetch()} />
      </div>
    );
  }
  return <SummaryFigures summary={summary.data} />;
}

function SummaryFigures({ summary }: { summary: CollectionSummary }) {
  return (
    <section aria-label="Collection summary" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {figuresOf(summary).map((figure) => (
          <div key={figure.label} className="flex flex-col gap-0.5 rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{figure.label}</dt>
            <dd
              className={
                figure.tone === 'strong'
                  ? 'text-lg font-bold text-brand-800 tabular-nums'
                  : 'text-base font-semibold text-slate-900 tabular-nums'
              }
            >
              {figure.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
