import { ExcelExportTool } from '@/features/exports/components/excel-export-tool';
import { AdminControls } from '@/features/flags/components/admin-controls';
import { useSession } from '@/lib/session';

/** SPEC §2 Dashboard home: the admin's controls, or a welcome line for everyone else. */
export function DashboardHomeRoute() {
  const session = useSession();
  if (!session) return null;
  if (session.role === 'admin') {
    return (
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <AdminControls />
        <ExcelExportTool />
      </div>
    );
  }
  return (
    <section className="max-w-xl rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <p className="text-lg font-semibold text-slate-900">Welcome, {session.name}</p>
      <p className="mt-1 text-slate-600">Use the menu to find your work for today.</p>
    </section>
  );
}
