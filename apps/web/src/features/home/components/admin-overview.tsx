import type { AdminFigures } from '@app/domain/home.schemas';
import { messages } from '@app/domain/messages';
import { LoadError } from '@/components/ui/load-error';
import { useAdminCharts, useAdminFigures } from '../api/get-home';
import { CentreCapacityChart, CounsellorMoneyChart, RegistrationsPerDayChart } from './charts';
import { type Figure, FigureGrid } from './figure-card';

const adminFigures: Figure<AdminFigures>[] = [
  { label: 'Registrations today', of: (f) => f.registrationsToday, section: 'registertable' },
  { label: 'Registrations this month', of: (f) => f.registrationsThisMonth, section: 'registertable' },
  { label: 'Fees collected', of: (f) => f.collected, section: 'paymenttable', isMoney: true },
  { label: 'Fees outstanding', of: (f) => f.outstanding, section: 'registertable', isMoney: true },
  { label: 'Cash with counsellors', of: (f) => f.cashInHand, section: 'collection', isMoney: true },
  { label: 'Settlements to verify', of: (f) => f.settlementsPending, section: 'collection', isWarnWhenAny: true },
  { label: 'Students overdue', of: (f) => f.overdueStudents, section: 'overdue', isWarnWhenAny: true },
];

/** The admin Home below the tools: the day's and month's figures, then the charts. */
export function AdminOverview() {
  const figures = useAdminFigures();
  const charts = useAdminCharts();
  return (
    <div className="flex flex-col gap-4">
      <FigureGrid label="Figures" figures={adminFigures} query={figures} />
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
