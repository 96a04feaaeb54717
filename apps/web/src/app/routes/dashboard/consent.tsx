import { useSearchParams } from 'react-router';
import { ConsentScreen } from '@/features/privacy/components/consent-screen';
import { ConsentWaitingList } from '@/features/privacy/components/consent-waiting-list';
import { useSession } from '@/lib/session';

/** Parental Consent (dashboard/consent, counsellor and admin; issue 27). Admins also see who is waiting. */
export function ConsentRoute() {
  const [params] = useSearchParams();
  const session = useSession();
  const isAdmin = session?.role === 'admin';
  const studentId = params.get('studentId') ?? undefined;
  return (
    <div className="flex flex-col gap-6">
      <ConsentScreen key={studentId ?? ''} initialStudentId={studentId} isAdmin={isAdmin} />
      {isAdmin && <ConsentWaitingList />}
    </div>
  );
}
