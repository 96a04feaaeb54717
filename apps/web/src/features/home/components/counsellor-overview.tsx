import { messages } from '@app/domain/messages';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { formatCurrency } from '@/lib/format';
import { useCounsellorFigures } from '../api/get-home';
import { FigureCard, FigureGrid } from './figure-card';

const href = (section: string) => paths.dashboard.section.getHref(section);

/** The counsellor's Home: their own students, money and enquiries. */
export function CounsellorOverview({ name }: { name: string }) {
  const figures = useCounsellorFigures();
  const f = figures.data;
  return (
    <div className="flex flex-col gap-4">
      <p className="text-lg font-semibold text-slate-900">Welcome, {name}</p>
      {figures.isError ? (
        <LoadError message={messages.failedToLoadData} onRetry={() => figures.refetch()} />
      ) : (
        <FigureGrid label="Your figures">
          <FigureCard label="My registrations" value={f ? String(f.registrations) : '…'} href={href('registertable')} />
          <FigureCard
            label="Fees collected"
            value={f ? formatCurrency(f.collected) : '…'}
            href={href('paymenttable')}
          />
          <FigureCard
            label="Fees outstanding"
            value={f ? formatCurrency(f.outstanding) : '…'}
            href={href('registertable')}
          />
          <FigureCard label="Cash in hand" value={f ? formatCurrency(f.cashInHand) : '…'} href={href('settlement')} />
          <FigureCard
            label="Students overdue"
            value={f ? String(f.overdueStudents) : '…'}
            href={href('overdue')}
            tone={f && f.overdueStudents > 0 ? 'warn' : 'plain'}
          />
          <FigureCard
            label="Enquiries this week"
            value={f ? String(f.enquiriesThisWeek) : '…'}
            href={href('visitingtable')}
          />
        </FigureGrid>
      )}
    </div>
  );
}
