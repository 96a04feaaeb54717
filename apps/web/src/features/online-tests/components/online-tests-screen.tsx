import { marksText } from '@app/domain/online-tests.rules';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { useSession } from '@/lib/session';
import {
  useAnalysis,
  useChapters,
  usePortalSettings,
  useResetStudentAccess,
  useSetStudentSignIn,
  useTests,
} from '../api/online-tests';
import { card, QuestionBank } from './question-bank';
import { TestForm } from './test-form';

const when = (iso: string) => `${formatDate(iso)}, ${formatTime(iso)}`;
/** The distribution's buckets: 0–10 %, 10–20 %, … of the maximum. */
const TENTHS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90];
const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);

/**
 * Online Tests (dashboard/onlinetests, teachers for their papers and admins): the question bank by
 * chapter (one question written or edited, or many imported from Excel), a new test picked by hand or
 * drawn by chapter and difficulty, each test's results; admins also
 * switch students' sign-in and reset one student's sign-in.
 */
export function OnlineTestsScreen() {
  const session = useSession();
  const [selected, setSelected] = useState<number | null>(null);
  const chapters = useChapters();
  // The form's default window starts now (the screen's first render).
  const [now] = useState(() => new Date());
  return (
    <div className="flex flex-col gap-4">
      <QuestionBank />
      <TestForm chapters={chapters.data ?? []} now={now} />
      <TestList onResults={setSelected} selected={selected} />
      {selected !== null ? <TestResults testId={selected} /> : null}
      {session?.role === 'admin' ? <StudentAccess /> : null}
    </div>
  );
}

function TestList({ onResults, selected }: { onResults: (id: number) => void; selected: number | null }) {
  const tests = useTests();
  return (
    <section aria-label="Tests" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">Tests</h2>
      <ul className="mt-2 flex flex-col gap-2">
        {tests.data?.length === 0 ? <li className="text-sm text-slate-600">No tests yet.</li> : null}
        {tests.data?.map((test) => (
          <li
            key={test.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 ring-1 ring-slate-200"
          >
            <div className="text-sm">
              <p className="font-medium text-slate-900">{test.title}</p>
              <p className="text-slate-600">
                {test.standards.join(', ')} · {test.questions} questions · {test.durationMinutes} min ·{' '}
                {when(test.opensAt)} to {when(test.closesAt)}
              </p>
            </div>
            <Button
              size="sm"
              variant={selected === test.id ? 'primary' : 'secondary'}
              onClick={() => onResults(test.id)}
            >
              Results
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TestResults({ testId }: { testId: number }) {
  const analysis = useAnalysis(testId);
  const toast = useToast();
  const data = analysis.data;
  if (!data) return <section className={card}>{analysis.isError ? 'Could not load the results' : 'Loading…'}</section>;
  const top = Math.max(1, ...data.distribution);
  return (
    <section aria-label="Results" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Results: {data.test.title}</h2>
        <Button
          size="sm"
          variant="secondary"
          onClick={async () => {
            try {
              const file = await api.getFile(`/exam/tests/${testId}/results.xlsx`);
              saveFile(file.blob, file.fileName ?? 'Results.xlsx');
            } catch (error) {
              toast.error(errorMessage(error, 'Could not download'));
            }
          }}
        >
          Excel
        </Button>
      </div>
      <p className="text-sm text-slate-700">
        {data.sat} sat it · {data.absent.length} did not attend · out of {marksText(data.maxX100)}
      </p>
      <h3 className="mt-3 font-medium text-slate-900">Score distribution</h3>
      <div
        className="mt-1 flex h-28 items-end gap-1"
        role="img"
        aria-label="Score distribution by tenths of the maximum"
      >
        {TENTHS.map((from) => {
          const count = data.distribution[from / 10] ?? 0;
          return (
            <div key={from} className="flex flex-1 flex-col items-center gap-1">
              <span className="text-xs tabular-nums text-slate-600">{count}</span>
              <div className="w-full rounded-t bg-brand-600" style={{ height: `${(count / top) * 80}px` }} />
              <span className="text-[10px] text-slate-500">{from}%</span>
            </div>
          );
        })}
      </div>
      <h3 className="mt-3 font-medium text-slate-900">Questions</h3>
      <div className="overflow-x-auto">
        <table className="mt-1 w-full text-sm">
          <thead>
            <tr className="text-left text-slate-500">
              <th className="py-1">#</th>
              <th>Question</th>
              <th className="text-right">Correct</th>
              <th className="text-right">Discrimination</th>
            </tr>
          </thead>
          <tbody>
            {data.questions.map((q) => (
              <tr key={q.questionId} className="border-t border-slate-100">
                <td className="py-1">{q.position}</td>
                <td className="max-w-xs truncate">{q.text}</td>
                <td className="text-right tabular-nums">{percent(q.difficulty)}</td>
                <td className="text-right tabular-nums">
                  {q.discrimination === null ? '-' : q.discrimination.toFixed(2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3 className="mt-3 font-medium text-slate-900">Ranks</h3>
      <ol className="mt-1 text-sm">
        {data.attempts.slice(0, 50).map((row) => (
          <li key={row.studentId} className="flex justify-between border-t border-slate-100 py-1">
            <span>
              {row.rank}. {row.studentName} ({row.studentId})
            </span>
            <span className="tabular-nums">{marksText(row.scoreX100)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}

function StudentAccess() {
  const settings = usePortalSettings(true);
  const toggle = useSetStudentSignIn();
  const reset = useResetStudentAccess();
  const toast = useToast();
  const [studentId, setStudentId] = useState('');
  return (
    <section aria-label="Student sign-in" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">Student sign-in</h2>
      <Switch
        label="Students may sign in"
        checked={settings.data?.studentSignIn ?? false}
        disabled={!settings.data || toggle.isPending}
        onCheckedChange={(on) => toggle.mutate(on, { onSuccess: (saved) => toast.success(saved.message) })}
      />
      <div className="mt-2 flex flex-wrap items-end gap-2">
        <Input
          label="Student ID"
          inputMode="numeric"
          value={studentId}
          onChange={(e) => setStudentId(e.target.value)}
        />
        <Button
          variant="secondary"
          isLoading={reset.isPending}
          onClick={() =>
            reset.mutate(studentId.trim(), {
              onSuccess: (answer) => toast.success(answer.message),
              onError: (error) => toast.error(errorMessage(error, 'Could not reset the sign-in')),
            })
          }
        >
          Reset sign-in
        </Button>
      </div>
    </section>
  );
}
