import { roleLabels } from '@app/domain/roles';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatDate, formatTime } from '@/lib/format';
import { getSessionExpiry } from '@/lib/session';
import { useMe } from '../api/get-me';

/** The signed-in user's own details, as the server knows them. */
export function ProfileDetails() {
  const me = useMe();

  if (me.isPending) return <Spinner label="Loading profile" className="size-6 text-brand-700" />;
  if (me.isError) {
    return <LoadError message="Could not load your profile." onRetry={() => me.refetch()} />;
  }

  const user = me.data;
  const rows: [string, string][] = [
    ['Name', user.name],
    ['Email', user.email],
    ['Role', roleLabels[user.role]],
    ['Contact No.', user.contactNum || '-'],
    ['Branch', user.branch ?? '-'],
    ['Date Of Birth', formatDate(user.dob)],
  ];
  const expiry = getSessionExpiry();

  return (
    <section className="max-w-xl rounded-xl border border-slate-200 bg-white shadow-sm">
      <dl className="divide-y divide-slate-100">
        {rows.map(([term, value]) => (
          <div key={term} className="grid grid-cols-[8rem_minmax(0,1fr)] gap-3 px-4 py-3 text-sm sm:text-base">
            <dt className="font-medium text-slate-500">{term}</dt>
            <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
          </div>
        ))}
      </dl>
      {expiry && (
        <p className="border-t border-slate-100 px-4 py-3 text-sm text-slate-500">
          This session ends at {formatTime(expiry)}.
        </p>
      )}
    </section>
  );
}
