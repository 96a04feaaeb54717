import {
  defaultSessionDates,
  defaultSessionName,
  type ExamSession,
  seatsAssignedNotice,
} from '@app/domain/exam-sessions.schemas';
import { flagLabels } from '@app/domain/flags.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { formatDate } from '@/lib/format';
import { useExamSessions } from '../api/get-exam-sessions';
import { useOpenExamSession } from '../api/open-exam-session';
import { useReleaseExamSession } from '../api/release-exam-session';
import { SessionForm } from './session-form';

const formValuesOf = (session: ExamSession) => ({
  name: session.name,
  examYear: String(session.examYear),
  twoYearExamYear: String(session.twoYearExamYear),
  startsOn: session.startsOn,
  endsOn: session.endsOn,
  holdTicketsWhileOverdue: session.holdTicketsWhileOverdue,
});

/** The next season after the latest (sessions come by exam year): its year, the default name and dates. */
function nextSessionValues(sessions: readonly ExamSession[]) {
  const latest = sessions.at(-1);
  const none = { twoYearExamYear: '', holdTicketsWhileOverdue: false };
  if (!latest) return { name: '', examYear: '', startsOn: '', endsOn: '', ...none };
  const year = latest.examYear + 1;
  return { name: defaultSessionName(year), examYear: String(year), ...defaultSessionDates(year), ...none };
}

/**
 * Exam sessions (docs/decisions/007-exam-sessions.md): each season's exam year, dates and releases; one is
 * open for registration. The admin starts the next one when a season ends; earlier ones keep their students.
 */
export function ExamSessionsScreen() {
  const sessions = useExamSessions();
  const [editing, setEditing] = useState<ExamSession | 'new' | null>(null);

  if (sessions.isPending) return <Spinner label="Loading exam sessions" />;
  if (sessions.isError) return <LoadError message="Failed to load data" onRetry={() => sessions.refetch()} />;

  return (
    <div className="flex flex-col gap-4">
      {editing === null ? (
        <Button className="self-start" onClick={() => setEditing('new')}>
          Start the next session
        </Button>
      ) : (
        <SessionForm
          key={editing === 'new' ? 'new' : editing.id}
          session={editing === 'new' ? null : editing}
          initial={editing === 'new' ? nextSessionValues(sessions.data) : formValuesOf(editing)}
          onDone={() => setEditing(null)}
        />
      )}
      <ul className="grid gap-4 lg:grid-cols-2" aria-label="Exam sessions">
        {[...sessions.data].reverse().map((session) => (
          <SessionCard key={session.id} session={session} onEdit={() => setEditing(session)} />
        ))}
      </ul>
    </div>
  );
}

function SessionCard({ session, onEdit }: { session: ExamSession; onEdit: () => void }) {
  const toast = useToast();
  const open = useOpenExamSession();
  const release = useReleaseExamSession();

  const openForRegistration = () => {
    if (!window.confirm(`Open ${session.name} for registration? New registrations will sit its exam years.`)) return;
    open.mutate(session.id, { onSuccess: (response) => toast.success(response.message) });
  };

  return (
    <li
      aria-label={session.name}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="text-base font-semibold text-slate-900 sm:text-lg">{session.name}</h2>
          <p className="text-sm text-slate-600">
            {formatDate(session.startsOn)} to {formatDate(session.endsOn)}
          </p>
        </div>
        {session.openForRegistration && (
          <span className="rounded-full bg-green-100 px-3 py-1 text-xs font-semibold text-green-800">
            Open for registration
          </span>
        )}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <dt className="text-slate-500">Exam year</dt>
        <dd className="font-medium text-slate-900">{session.examYear}</dd>
        <dt className="text-slate-500">Two-year courses</dt>
        <dd className="font-medium text-slate-900">{session.twoYearExamYear}</dd>
        <dt className="text-slate-500">Students</dt>
        <dd className="font-medium text-slate-900">{session.students}</dd>
        <dt className="text-slate-500">Papers</dt>
        <dd className="font-medium text-slate-900">{session.papers}</dd>
      </dl>
      {session.holdTicketsWhileOverdue && (
        <p className="text-sm text-amber-900">
          No hall ticket while a fee instalment is overdue (an admin may allow one).
        </p>
      )}
      <div className="divide-y divide-slate-100 border-t border-slate-100">
        {(['HALLTICKET', 'RESULT'] as const).map((flag) => (
          <Switch
            key={flag}
            label={flagLabels[flag]}
            checked={flag === 'HALLTICKET' ? session.hallTicketsReleased : session.resultsReleased}
            disabled={release.isPending}
            onCheckedChange={(released) =>
              release.mutate(
                { id: session.id, body: { flag, released } },
                {
                  onSuccess: ({ seatsAssigned, message }) =>
                    toast.success(seatsAssigned > 0 ? seatsAssignedNotice(seatsAssigned) : message),
                },
              )
            }
          />
        ))}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onEdit}>
          Edit
        </Button>
        {!session.openForRegistration && (
          <Button isLoading={open.isPending} onClick={openForRegistration}>
            Open for registration
          </Button>
        )}
      </div>
    </li>
  );
}
