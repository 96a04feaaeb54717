import { FunnelReportView } from '@/features/funnel/components/funnel-report';

/** Reports (dashboard/reports): per counsellor and period; a counsellor sees their own. */
export function ReportsRoute() {
  return <FunnelReportView />;
}
