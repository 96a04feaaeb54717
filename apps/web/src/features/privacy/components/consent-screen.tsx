import { consentMethodLabels, consentStateLabels } from '@app/domain/privacy.rules';
import type { ConsentStatusResponse } from '@app/domain/privacy.schemas';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/toast';
import { ApiError, errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { formatDate, formatTime } from '@/lib/format';
import { useConsent } from '../api/get-consent';
import { useWithdrawConsent } from '../api/record-consent';
import { ConsentCodeForm } from './consent-code-form';
import { PaperConsentForm } from './paper-consent-form';
import { StudentIdSearch } from './student-id-search';

const stateColours: Record<ConsentStatusResponse['state'], string> = {
  held: 'bg-amber-100 text-amber-900',
  given: 'bg-green-100 text-green-900',
  messages_refused: 'bg-sky-100 text-sky-900',
  withdrawn: 'bg-red-100 text-red-900',
  not_recorded: 'bg-slate-100 text-slate-800',
};

function Allowed({ label, isAllowed }: { label: string; isAllowed: boolean }) {
  return (
    <div className="flex flex-col">
      <dt className="text-slate-600">{label}</dt>
      <dd className={cn('font-medium', isAllowed ? 'text-green-800' : 'text-red-800')}>
        {isAllowed ? 'Allowed' : 'Stopped'}
      </dd>
    </div>
  );
}

function ConsentSummary({ consent, isAdmin }: { consent: ConsentStatusResponse; isAdmin: boolean }) {
  const toast = useToast();
  const withdraw = useWithdrawConsent();
  const canWithdraw = isAdmin && consent.state !== 'withdrawn';
  const withdrawConsent = () => {
    if (!window.confirm(`Withdraw the parent's consent for ${consent.studentName}? Messages stop at once.`)) return;
    withdraw.mutate(consent.studentId, {
      onSuccess: (answer) => toast.success(answer.message),
      onError: (error) => toast.error(errorMessage(error, 'Could not withdraw consent')),
    });
  };
  return (
    <section aria-label="Consent" className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          {consent.studentName} <span className="text-sm font-normal text-slate-600">({consent.studentId})</span>
        </h2>
        <span className={cn('rounded-full px-3 py-1 text-sm font-semibold', stateColours[consent.state])}>
          {consentStateLabels[consent.state]}
        </span>
      </div>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
        <Allowed label="Messages" isAllowed={consent.canMessage} />
        <Allowed label="Student sign-in" isAllowed={consent.canSignIn} />
        <div className="flex flex-col">
          <dt className="text-slate-600">Parent's phone</dt>
          <dd className="font-medium tabular-nums">{consent.parentsNoEnding}</dd>
        </div>
        <div className="flex flex-col">
          <dt className="text-slate-600">Privacy notice</dt>
          <dd className="font-medium">Version {consent.noticeVersion}</dd>
        </div>
      </dl>
      {canWithdraw && (
        <div className="mt-3">
          <Button variant="danger" size="sm" onClick={withdrawConsent} isLoading={withdraw.isPending}>
            Withdraw consent
          </Button>
        </div>
      )}
    </section>
  );
}

function ConsentHistory({ history }: { history: ConsentStatusResponse['history'] }) {
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="consent-history-title" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="consent-history-title" className="text-lg font-semibold text-slate-900">
        History
      </h2>
      <ol className="mt-2 flex flex-col gap-2 text-sm">
        {[...history].reverse().map((entry) => (
          <li key={entry.id} className="border-b border-slate-100 pb-2 last:border-0">
            <span className="font-medium">{consentStateLabels[entry.decision]}</span>
            {entry.method && <> · {consentMethodLabels[entry.method]}</>} · notice version {entry.noticeVersion} ·{' '}
            {entry.recordedBy}, {formatDate(entry.recordedAt)} {formatTime(entry.recordedAt)}
            {entry.evidencePhoto && (
              <>
                {' '}
                ·{' '}
                <a href={entry.evidencePhoto} target="_blank" rel="noreferrer" className="text-brand-700 underline">
                  signed form
                </a>
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/**
 * Parental consent for one student (issue 27): where it stands, a one-time code to the parent's phone or
 * a photo of the signed form, and its history. Reached from a new registration and the Register Table.
 */
export function ConsentScreen({ initialStudentId, isAdmin }: { initialStudentId?: string; isAdmin: boolean }) {
  const [studentId, setStudentId] = useState<string | null>(initialStudentId ?? null);
  const consent = useConsent(studentId);
  const isNotFound = consent.error instanceof ApiError && consent.error.status === 404;
  const isOpen = consent.data && consent.data.state !== 'given' && consent.data.state !== 'withdrawn';
  return (
    <div className="flex flex-col gap-4">
      <StudentIdSearch
        name="Find student"
        action="Find"
        initial={initialStudentId}
        isLoading={consent.isFetching}
        onFind={setStudentId}
      />
      {isNotFound && <p className="text-sm font-medium text-red-700">Student not found with this ID</p>}
      {consent.isError && !isNotFound && (
        <p className="text-sm font-medium text-red-700">{errorMessage(consent.error, 'Failed to load data')}</p>
      )}
      {consent.data && (
        <>
          <ConsentSummary consent={consent.data} isAdmin={isAdmin} />
          {(isOpen || consent.data.state === 'withdrawn') && (
            <div className="grid gap-4 lg:grid-cols-2">
              <ConsentCodeForm
                studentId={consent.data.studentId}
                parentsNoEnding={consent.data.parentsNoEnding}
                codeExpiresAt={consent.data.codeExpiresAt}
              />
              <PaperConsentForm studentId={consent.data.studentId} />
            </div>
          )}
          <ConsentHistory history={consent.data.history} />
        </>
      )}
    </div>
  );
}
