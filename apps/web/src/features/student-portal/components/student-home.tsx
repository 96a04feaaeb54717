import { marksText } from '@app/domain/online-tests.rules';
import type { StudentTest } from '@app/domain/online-tests.schemas';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { LoadError } from '@/components/ui/load-error';
import { PageSpinner } from '@/components/ui/spinner';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { api, errorMessage } from '@/lib/api-client';
import { formatCurrency, formatDate, formatTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { endStudentSession } from '@/lib/student-session';
import { useStartTest } from '../api/attempts';
import { useStudentProfile } from '../api/get-profile';
import { useStudentTests } from '../api/get-tests';

const when = (iso: string) => `${formatDate(iso)}, ${formatTime(iso)}`;
const rupees = (paise: number) => formatCurrency(paise / 100);

/** The student's own page, phone first: details and photo, timetable, documents, fees, tests. */
export function StudentHome() {
  const profile = useStudentProfile();
  const tests = useStudentTests();
  const navigate = useNavigate();
  const toast = useToast();
  const start = useStartTest();

  if (profile.isPending) return <PageSpinner />;
  if (profile.isError)
    return (
      <LoadError
        message={errorMessage(profile.error, 'Could not load your page')}
        onRetry={() => void profile.refetch()}
      />
    );
  const me = profile.data;

  const download = async (path: string, fileName: string) => {
    try {
      saveFile(await api.getBlob(path), fileName);
    } catch (error) {
      toast.error(errorMessage(error, 'Could not download'));
    }
  };
  const open = (test: StudentTest) =>
    start.mutate(test.id, { onSuccess: (view) => navigate(paths.student.attempt.getHref(view.attemptId)) });

  return (
    <div className="flex flex-col gap-4">
      <section aria-label="My details" className="flex gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <img src={me.photoUrl} alt="" className="size-20 shrink-0 rounded-lg object-cover ring-1 ring-slate-200" />
        <div className="min-w-0 text-sm">
          <h1 className="text-lg font-bold text-slate-900">{me.studentName}</h1>
          <p className="text-slate-600">Student ID {me.studentId}</p>
          <p className="text-slate-600">
            {me.standard} · {me.branch}
          </p>
          <p className="truncate text-slate-600">Centre {me.centre}</p>
          {me.seatNumber ? <p className="text-slate-600">Seat {me.seatNumber}</p> : null}
        </div>
      </section>

      <section aria-label="My tests" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900">My tests</h2>
        {tests.isPending ? <p className="mt-2 text-sm text-slate-500">Loading…</p> : null}
        {tests.data?.length === 0 ? <p className="mt-2 text-sm text-slate-600">No tests yet.</p> : null}
        <ul className="mt-2 flex flex-col gap-3">
          {tests.data?.map((test) => (
            <li key={test.id} className="rounded-lg p-3 ring-1 ring-slate-200">
              <p className="font-medium text-slate-900">{test.title}</p>
              <p className="text-xs text-slate-600">
                {test.questions} questions · {test.durationMinutes} minutes · opens {when(test.opensAt)} · closes{' '}
                {when(test.closesAt)}
              </p>
              {test.last ? (
                <p className="mt-1 text-sm">
                  Score {marksText(test.last.scoreX100)} / {marksText(test.last.maxX100)}{' '}
                  <button
                    type="button"
                    className="text-brand-700 underline"
                    onClick={() => navigate(paths.student.attempt.getHref(test.last?.attemptId ?? ''))}
                  >
                    See result
                  </button>
                </p>
              ) : null}
              {test.status === 'upcoming' ? <p className="mt-1 text-sm text-slate-600">Upcoming</p> : null}
              {test.status === 'open' ? (
                <Button
                  size="sm"
                  className="mt-2"
                  isLoading={start.isPending && start.variables === test.id}
                  onClick={() => open(test)}
                >
                  {test.runningAttemptId ? 'Continue test' : 'Start test'}
                </Button>
              ) : null}
              {test.status === 'done' && !test.last ? <p className="mt-1 text-sm text-slate-600">Closed</p> : null}
            </li>
          ))}
        </ul>
      </section>

      <section aria-label="Timetable" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900">Exam timetable</h2>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {me.timetable.length === 0 ? <li className="text-slate-600">Not published yet.</li> : null}
          {me.timetable.map((paper) => (
            <li key={paper.subjectCode} className="flex justify-between gap-2">
              <span>{paper.subjectName}</span>
              <span className="text-right text-slate-600">
                {formatDate(paper.examDate)} {paper.examTime ?? ''}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            disabled={!me.hallTicketReleased}
            onClick={() => void download('/student/hallTicket', `${me.studentId}_HallTicket.pdf`)}
          >
            Hall ticket
          </Button>
          <Button
            size="sm"
            variant="secondary"
            disabled={!me.resultReleased}
            onClick={() => void download('/student/marksheet', `${me.studentId}_Marksheet.pdf`)}
          >
            Marksheet
          </Button>
        </div>
      </section>

      <section aria-label="Fees" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900">Fees</h2>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">Total</dt>
            <dd className="font-semibold">{rupees(me.fees.totalPaise)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Paid</dt>
            <dd className="font-semibold text-green-700">{rupees(me.fees.paidPaise)}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Due</dt>
            <dd className="font-semibold text-red-700">{rupees(me.fees.remainingPaise)}</dd>
          </div>
        </dl>
        {me.fees.dueDate ? <p className="mt-1 text-sm text-slate-600">Due by {formatDate(me.fees.dueDate)}</p> : null}
        <ul className="mt-3 flex flex-col gap-2 text-sm">
          {me.fees.payments.map((payment) => (
            <li key={payment.paymentId} className="flex items-center justify-between gap-2">
              <span>
                {formatDate(payment.paidAt)} · {rupees(payment.amountPaise)} · {payment.paymentMode}
              </span>
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  void download(
                    `/student/receipt/${payment.paymentId}`,
                    `Receipt_${payment.systemReceiptNo.replace(/\W/g, '_')}.pdf`,
                  )
                }
              >
                Receipt
              </Button>
            </li>
          ))}
        </ul>
      </section>

      <Button
        variant="secondary"
        onClick={() => {
          endStudentSession();
          navigate(paths.student.login.getHref(), { replace: true });
        }}
      >
        Sign out
      </Button>
    </div>
  );
}
