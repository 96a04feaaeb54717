import type { PrivacySummary } from '@app/domain/privacy.schemas';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ExcelExportTool } from '@/features/exports/components/excel-export-tool';
import { AdminControls } from '@/features/flags/components/admin-controls';
import { FollowUpQueue } from '@/features/funnel/components/follow-up-queue';
import { AdminOverview } from '@/features/home/components/admin-overview';
import { CounsellorOverview } from '@/features/home/components/counsellor-overview';
import { type Figure, FigureGrid } from '@/features/home/components/figure-card';
import { usePrivacySummary } from '@/features/privacy/api/data-requests';
import { cn } from '@/lib/cn';
import { useSession } from '@/lib/session';

/** Issue 27: who waits for a parent's consent, and families' requests open and overdue. */
const privacyFigures: readonly Figure<PrivacySummary>[] = [
  { label: "Waiting for a parent's consent", of: (f) => f.waitingForConsent, section: 'consent', isWarnWhenAny: true },
  { label: "Families' requests open", of: (f) => f.openRequests, section: 'privacy' },
  { label: "Families' requests overdue", of: (f) => f.overdueRequests, section: 'privacy', isWarnWhenAny: true },
];

/**
 * SPEC §2 Dashboard home: for admins the Admin Controls and the Excel Export Tool first, then the
 * figures and charts; for counsellors their own figures; for teachers the way to Marks Entry.
 */
export function DashboardHomeRoute() {
  const session = useSession();
  const privacy = usePrivacySummary({ enabled: session?.role === 'admin' });
  if (!session) return null;
  if (session.role === 'admin') {
    return (
      <div className="flex flex-col gap-4">
        {/* What the admin acts on first (the switches, the export), then what they read. */}
        <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
          <AdminControls />
          <ExcelExportTool />
        </div>
        <FigureGrid label="Families' data" figures={privacyFigures} query={privacy} />
        <AdminOverview />
      </div>
    );
  }
  if (session.role === 'counsellor') {
    return (
      <div className="flex flex-col gap-4">
        <CounsellorOverview name={session.name} />
        <FollowUpQueue compact />
      </div>
    );
  }
  // Teachers land on Marks Entry (dashboard.rules); Home points them back to it.
  return (
    <section className="max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-lg font-semibold text-slate-900">Welcome, {session.name}</p>
      <p className="mt-1 text-slate-600">Enter the marks of your centre's students, paper by paper.</p>
      <Link to={paths.dashboard.section.getHref('marks')} className={cn(buttonClasses({ variant: 'primary' }), 'mt-4')}>
        Marks Entry
      </Link>
    </section>
  );
}
