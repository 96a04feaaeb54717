import { marksText } from '@app/domain/online-tests.rules';
import { difficulties, difficultyLabels, type QuestionImportReport } from '@app/domain/online-tests.schemas';
import { standards } from '@app/domain/standards.rules';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Switch } from '@/components/ui/switch';
import { useToast } from '@/components/ui/toast';
import { api, errorMessage } from '@/lib/api-client';
import { formatDate, formatTime } from '@/lib/format';
import { saveFile } from '@/lib/save-file';
import { useSession } from '@/lib/session';
import {
  useAnalysis,
  useChapters,
  useCreateTest,
  useImportQuestions,
  usePortalSettings,
  useResetStudentAccess,
  useSetStudentSignIn,
  useTests,
} from '../api/online-tests';

const card = 'rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6';
const when = (iso: string) => `${formatDate(iso)}, ${formatTime(iso)}`;
/** The distribution's buckets: 0–10 %, 10–20 %, … of the maximum. */
const TENTHS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90];
const percent = (share: number | null) => (share === null ? '-' : `${Math.round(share * 100)}%`);

/**
 * Online Tests (dashboard/onlinetests, teachers for their papers and admins): the question bank by
 * chapter with the Excel import, a new test drawn from chapters, each test's results; admins also
 * switch students' sign-in and reset one student's sign-in.
 */
export function OnlineTestsScreen() {
  const session = useSession();
  const [selected, setSelected] = useState<number | null>(null);
  return (
    <div className="flex flex-col gap-4">
      <QuestionBank />
      <NewTest />
      <TestList onResults={setSelected} selected={selected} />
      {selected !== null ? <TestResults testId={selected} /> : null}
      {session?.role === 'admin' ? <StudentAccess /> : null}
    </div>
  );
}

function QuestionBank() {
  const chapters = useChapters();
  const importer = useImportQuestions();
  const toast = useToast();
  const [subjectCode, setSubjectCode] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<QuestionImportReport | null>(null);
  const code = Number(subjectCode);
  const run = (save: boolean) => {
    if (!file || !Number.isInteger(code) || code < 1) return toast.error('Choose the paper code and a file');
    importer.mutate({ file, subjectCode: code, save }, { onSuccess: setReport });
  };
  return (
    <section aria-label="Question bank" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">Question bank</h2>
      <table className="mt-2 w-full text-sm">
        <thead>
          <tr className="text-left text-slate-500">
            <th className="py-1">Paper</th>
            <th>Chapter</th>
            <th className="text-right">Questions</th>
          </tr>
        </thead>
        <tbody>
          {chapters.data?.map((chapter) => (
            <tr key={chapter.id} className="border-t border-slate-100">
              <td className="py-1">{chapter.subjectCode}</td>
              <td>{chapter.name}</td>
              <td className="text-right tabular-nums">{chapter.questions}</td>
            </tr>
          ))}
          {chapters.data?.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-2 text-slate-600">
                No chapters yet: import questions from Excel.
              </td>
            </tr>
          ) : null}
        </tbody>
      </table>
      <h3 className="mt-4 font-semibold text-slate-900">Import from Excel</h3>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        <Input
          label="Paper code"
          inputMode="numeric"
          value={subjectCode}
          onChange={(e) => setSubjectCode(e.target.value)}
        />
        <Input
          label="Workbook (.xlsx)"
          type="file"
          accept=".xlsx"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setReport(null);
          }}
        />
        <div className="flex items-end gap-2">
          <Button
            variant="secondary"
            onClick={async () => {
              if (!code) return toast.error('Choose the paper code');
              try {
                const template = await api.getFile(`/exam/questions/template?subjectCode=${code}`);
                saveFile(template.blob, template.fileName ?? 'Questions.xlsx');
              } catch (error) {
                toast.error(errorMessage(error, 'Could not download the template'));
              }
            }}
          >
            Template
          </Button>
          <Button
            variant="secondary"
            isLoading={importer.isPending && !importer.variables?.save}
            onClick={() => run(false)}
          >
            Check
          </Button>
          <Button
            isLoading={importer.isPending && importer.variables?.save === true}
            disabled={!report || report.issues.length > 0 || report.saved}
            onClick={() => run(true)}
          >
            Save
          </Button>
        </div>
      </div>
      {report ? (
        <div role="status" className="mt-3 text-sm">
          <p className={report.issues.length ? 'text-red-700' : 'text-green-700'}>
            {report.message}: {report.rows} question{report.rows === 1 ? '' : 's'} read
            {report.newChapters.length ? `; new chapters: ${report.newChapters.join(', ')}` : ''}
          </p>
          <ul className="mt-1 list-disc pl-5 text-red-700">
            {report.issues.map((issue) => (
              <li key={`${issue.row}-${issue.message}`}>
                Row {issue.row}: {issue.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

function NewTest() {
  const chapters = useChapters();
  const create = useCreateTest();
  const toast = useToast();
  const inAnHour = new Date(Date.now() + 3_600_000);
  const local = (date: Date) => new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  const [form, setForm] = useState({
    title: '',
    standard: '10th',
    subjectCode: '',
    difficulty: '',
    durationMinutes: '30',
    opensAt: local(new Date()),
    closesAt: local(inAnHour),
    attemptsAllowed: '1',
    shuffle: true,
    showAnswers: 'after_submit',
  });
  const [counts, setCounts] = useState<Record<number, string>>({});
  const code = Number(form.subjectCode);
  const paperChapters = chapters.data?.filter((chapter) => chapter.subjectCode === code) ?? [];
  const set = (name: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm({ ...form, [name]: e.target.value });

  return (
    <section aria-label="New test" className={card}>
      <h2 className="text-lg font-semibold text-slate-900">New test</h2>
      <form
        className="mt-2 grid gap-3 sm:grid-cols-2"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          const draw = paperChapters
            .map((chapter) => ({
              chapterId: chapter.id,
              count: Number(counts[chapter.id] ?? 0),
              ...(form.difficulty ? { difficulty: form.difficulty as 'easy' } : {}),
            }))
            .filter((d) => d.count > 0);
          create.mutate(
            {
              title: form.title,
              standards: [form.standard as '10th'],
              subjectCodes: [code],
              draw,
              durationMinutes: Number(form.durationMinutes),
              opensAt: new Date(form.opensAt).toISOString(),
              closesAt: new Date(form.closesAt).toISOString(),
              attemptsAllowed: Number(form.attemptsAllowed),
              shuffle: form.shuffle,
              showAnswers: form.showAnswers as 'after_submit',
            },
            {
              onSuccess: (saved) => {
                toast.success(`${saved.message}: ${saved.data.questions} questions`);
                setForm({ ...form, title: '' });
              },
              onError: (error) => toast.error(errorMessage(error, 'Could not create the test')),
            },
          );
        }}
      >
        <Input label="Title" value={form.title} onChange={set('title')} required />
        <Select
          label="Standard"
          options={standards.map((s) => ({ value: s, label: s }))}
          value={form.standard}
          onChange={set('standard')}
        />
        <Input label="Paper code" inputMode="numeric" value={form.subjectCode} onChange={set('subjectCode')} required />
        <Select
          label="Difficulty drawn"
          options={[
            { value: '', label: 'Any' },
            ...difficulties.map((d) => ({ value: d, label: difficultyLabels[d] })),
          ]}
          value={form.difficulty}
          onChange={set('difficulty')}
        />
        <fieldset className="sm:col-span-2">
          <legend className="text-sm font-medium text-slate-800">Questions drawn at random from each chapter</legend>
          {paperChapters.length === 0 ? (
            <p className="text-sm text-slate-600">Enter a paper code with chapters.</p>
          ) : null}
          <div className="mt-1 grid gap-2 sm:grid-cols-3">
            {paperChapters.map((chapter) => (
              <Input
                key={chapter.id}
                label={`${chapter.name} (of ${chapter.questions})`}
                inputMode="numeric"
                value={counts[chapter.id] ?? ''}
                onChange={(e) => setCounts({ ...counts, [chapter.id]: e.target.value })}
              />
            ))}
          </div>
        </fieldset>
        <Input
          label="Duration (minutes)"
          inputMode="numeric"
          value={form.durationMinutes}
          onChange={set('durationMinutes')}
        />
        <Input
          label="Attempts allowed"
          inputMode="numeric"
          value={form.attemptsAllowed}
          onChange={set('attemptsAllowed')}
        />
        <Input label="Opens" type="datetime-local" value={form.opensAt} onChange={set('opensAt')} />
        <Input label="Closes" type="datetime-local" value={form.closesAt} onChange={set('closesAt')} />
        <Select
          label="Show answers"
          options={[
            { value: 'after_submit', label: 'After submitting' },
            { value: 'after_close', label: 'After the test closes' },
          ]}
          value={form.showAnswers}
          onChange={set('showAnswers')}
        />
        <label className="flex items-center gap-2 self-end text-sm text-slate-800">
          <input
            type="checkbox"
            checked={form.shuffle}
            onChange={(e) => setForm({ ...form, shuffle: e.target.checked })}
          />
          Shuffle questions and options for each student
        </label>
        <Button type="submit" isLoading={create.isPending} className="sm:col-span-2">
          Create test
        </Button>
      </form>
    </section>
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
