import { messages } from '@app/domain/messages';
import { LoadError } from '@/components/ui/load-error';
import { paths } from '@/config/paths';
import { formatCurrency } from '@/lib/format';
import { useAdminCharts, useAdminFigures } from '../api/get-home';
import { CentreCapacityChart, CounsellorMoneyChart, RegistrationsPerDayChart } from './charts';
import { FigureCard, FigureGrid } from './figure-card';

const href = (section: string) => paths.dashboard.section.getHref(section);

/** The admin Home below the tools: the day's and month's figures, then the charts. */
export function AdminOverview() {
  const figures = useAdminFigures();
  const charts = useAdminCharts();
  const f = figures.data;
  return (
    <div className="flex flex-col gap-4">
      {figures.isError ? (
        <LoadError message={messages.failedToLoadData} onRetry={() => figures.refetch()} />
      ) : (
        <FigureGrid label="Figures">
          <FigureCard
            label="Registrations today"
            value={f ? String(f.registrationsToday) : '…'}
            href={href('registertable')}
          />
          <FigureCard
            label="Registrations this month"
            value={f ? String(f.registrationsThisMonth) : '…'}
            href={href('registertable')}
          />
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
          <FigureCard
            label="Cash with counsellors"
            value={f ? formatCurrency(f.cashInHand) : '…'}
            href={href('collection')}
          />
          <FigureCard
            label="Settlements to verify"
            value={f ? String(f.settlementsPending) : '…'}
            href={href('collection')}
            tone={f && f.settlementsPending > 0 ? 'warn' : 'plain'}
          />
          <FigureCard
            label="Students overdue"
            value={f ? String(f.overdueStudents) : '…'}
            href={href('overdue')}
            tone={f && f.overdueStudents > 0 ? 'warn' : 'plain'}
          />
        </FigureGrid>
      )}
      {charts.isError ? (
        <LoadError message={messages.failedToLoadData} onRetry={() => charts.refetch()} />
      ) : charts.data ? (
        <div className="grid gap-4 lg:grid-cols-2">
          <div className="lg:col-span-2">
            <RegistrationsPerDayChart days={charts.data.perDay} />
          </div>
          <CentreCapacityChart centres={charts.data.perCentre} />
          <CounsellorMoneyChart counsellors={charts.data.perCounsellor} />
        </div>
      ) : (
        <p className="text-sm text-slate-500">Loading charts…</p>
      )}
    </div>
  );
}
