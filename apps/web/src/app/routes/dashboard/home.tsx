import { AdminControls } from '@/features/flags/components/admin-controls';
import { useSession } from '@/lib/session';

/** SPEC §2 Dashboard home: the admin's controls, or a welcome line for everyone else. */
export function DashboardHomeRoute() {
  const session = useSession();
  if (!session) return null;
  if (session.role === 'admin') {
    return (
      <div className="max-w-xl">
        <AdminControls />
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
