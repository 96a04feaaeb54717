import type { AttemptView, StoredAnswer } from '@app/domain/online-tests.schemas';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { useSubmitAttempt } from '../api/attempts';
import { useAnswerQueue } from '../hooks/use-answer-queue';
import { AttemptResultView } from './attempt-result';

type Question = AttemptView['questions'][number];

/** mm:ss (or h:mm:ss) of the time left. */
function clock(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

function isAnswered(answer: StoredAnswer | null | undefined): boolean {
  if (!answer) return false;
  return 'choices' in answer ? answer.choices.length > 0 : true;
}

/**
 * Sitting a test on a phone (issue 28): one question at a time or all in a list, a palette (answered /
 * marked for review / not visited), and a countdown to the end the server fixed (measured against the
 * server's clock, not the phone's). Answers are saved as they are given (hooks/use-answer-queue.ts).
 */
export function TestRunner({ view }: { view: AttemptView }) {
  const queue = useAnswerQueue(view.attemptId, view.answers, { active: !view.finished });
  const submit = useSubmitAttempt(view.attemptId);
  const [index, setIndex] = useState(0);
  const [listMode, setListMode] = useState(false);
  const [visited, setVisited] = useState<Set<number>>(() => new Set(view.questions[0] ? [view.questions[0].id] : []));
  // The phone's clock may be wrong: the countdown runs on the server's time.
  const skew = useMemo(() => Date.parse(view.serverNow) - Date.now(), [view.serverNow]);
  const endsAt = Date.parse(view.endsAt);
  const [now, setNow] = useState(() => Date.now() + skew);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now() + skew), 1000);
    return () => window.clearInterval(timer);
  }, [skew]);
  const left = endsAt - now;
  const over = left <= 0 || queue.timeUp;

  const finish = async () => {
    await queue.flush();
    submit.mutate(undefined, { onSuccess: () => queue.clear() });
  };
  // Time up: the server grades it; ask for the result once the last answers are sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the time runs out
  useEffect(() => {
    if (over && !submit.isPending && !submit.isSuccess && queue.online) void finish();
  }, [over, queue.online]);

  const result = submit.data?.result ?? null;
  if (result) return <AttemptResultView title={view.title} result={result} questions={view.questions} />;

  const go = (next: number) => {
    setIndex(next);
    const id = view.questions[next]?.id;
    if (id !== undefined) setVisited((seen) => new Set(seen).add(id));
  };
  const shown = listMode ? view.questions : view.questions.slice(index, index + 1);

  return (
    <div className="flex flex-col gap-3">
      <div className="sticky top-0 z-10 -mx-4 flex items-center justify-between gap-2 bg-brand-900 px-4 py-2 text-white sm:mx-0 sm:rounded-lg">
        <h1 className="truncate text-base font-semibold">{view.title}</h1>
        <span
          role="timer"
          aria-label="Time left"
          className={cn('font-mono text-lg', left < 60_000 && 'text-accent-400')}
        >
          {clock(left)}
        </span>
      </div>
      {!queue.online || queue.pending > 0 ? (
        <p role="status" className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200">
          {queue.online
            ? `Saving ${queue.pending} answer${queue.pending === 1 ? '' : 's'}…`
            : `You are offline. ${queue.pending} answer${queue.pending === 1 ? ' is' : 's are'} kept on this phone and will be sent when you are back online.`}
        </p>
      ) : (
        <p role="status" className="text-xs text-slate-500">
          All answers saved
        </p>
      )}
      {over ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-200">
          Time is up. Your saved answers are being graded.
        </p>
      ) : null}

      <nav aria-label="Questions" className="flex flex-wrap gap-1.5">
        {view.questions.map((question, i) => {
          const entry = queue.answers[question.id];
          const state = entry?.review
            ? 'review'
            : isAnswered(entry?.answer)
              ? 'answered'
              : visited.has(question.id)
                ? 'visited'
                : 'new';
          return (
            <button
              key={question.id}
              type="button"
              onClick={() => {
                setListMode(false);
                go(i);
              }}
              aria-label={`Question ${i + 1}: ${{ review: 'marked for review', answered: 'answered', visited: 'not answered', new: 'not visited' }[state]}`}
              aria-current={!listMode && i === index ? 'step' : undefined}
              className={cn(
                'size-9 rounded-md text-sm font-semibold ring-1',
                state === 'answered' && 'bg-green-600 text-white ring-green-700',
                state === 'review' && 'bg-purple-600 text-white ring-purple-700',
                state === 'visited' && 'bg-red-50 text-red-800 ring-red-300',
                state === 'new' && 'bg-white text-slate-700 ring-slate-300',
                !listMode && i === index && 'outline-2 outline-offset-2 outline-brand-700',
              )}
            >
              {i + 1}
            </button>
          );
        })}
      </nav>
      <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
        {(
          [
            ['bg-green-600', 'Answered'],
            ['bg-purple-600', 'Marked for review'],
            ['bg-red-50 ring-1 ring-red-300', 'Not answered'],
            ['bg-white ring-1 ring-slate-300', 'Not visited'],
          ] as const
        ).map(([swatch, label]) => (
          <span key={label} className="flex items-center gap-1">
            <span aria-hidden="true" className={cn('inline-block size-3 rounded-sm', swatch)} />
            {label}
          </span>
        ))}
      </p>
      <label className="flex items-center gap-2 text-sm text-slate-700">
        <input type="checkbox" checked={listMode} onChange={(event) => setListMode(event.target.checked)} />
        Show all questions in a list
      </label>

      {shown.map((question) => {
        const number = view.questions.indexOf(question) + 1;
        return (
          <QuestionCard
            key={question.id}
            number={number}
            question={question}
            entry={queue.answers[question.id]}
            disabled={over}
            onAnswer={(answer) => queue.setAnswer(question.id, { answer })}
            onReview={(review) => queue.setAnswer(question.id, { review })}
          />
        );
      })}

      {listMode ? null : (
        <div className="flex justify-between gap-2">
          <Button variant="secondary" disabled={index === 0} onClick={() => go(index - 1)}>
            Previous
          </Button>
          <Button variant="secondary" disabled={index >= view.questions.length - 1} onClick={() => go(index + 1)}>
            Next
          </Button>
        </div>
      )}
      <Button
        className="w-full"
        isLoading={submit.isPending}
        disabled={!queue.online}
        onClick={() => {
          if (window.confirm('Submit the test? You cannot change your answers after this.')) void finish();
        }}
      >
        Submit test
      </Button>
      {!queue.online ? <p className="text-center text-xs text-slate-600">Submit when you are back online.</p> : null}
    </div>
  );
}

function QuestionCard({
  number,
  question,
  entry,
  disabled,
  onAnswer,
  onReview,
}: {
  number: number;
  question: Question;
  entry: { answer: StoredAnswer | null; review: boolean } | undefined;
  disabled: boolean;
  onAnswer: (answer: StoredAnswer | null) => void;
  onReview: (review: boolean) => void;
}) {
  const answer = entry?.answer ?? null;
  const chosen = answer && 'choices' in answer ? answer.choices : [];
  const name = `q-${question.id}`;
  return (
    <section aria-label={`Question ${number}`} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="text-xs font-medium text-slate-500">
        Question {number} · {question.marks} mark{question.marks === 1 ? '' : 's'}
        {question.negativeMarks > 0 ? ` · −${question.negativeMarks} if wrong` : ''}
      </p>
      {question.textEn ? <p className="mt-1 text-base text-slate-900">{question.textEn}</p> : null}
      {question.textMr ? (
        <p lang="mr" className="mt-1 text-base text-slate-900">
          {question.textMr}
        </p>
      ) : null}
      {question.image ? <img src={question.image} alt="" className="mt-2 max-h-64 rounded-md" /> : null}
      <fieldset className="mt-3 flex flex-col gap-2" disabled={disabled}>
        <legend className="sr-only">Your answer</legend>
        {question.type === 'single' || question.type === 'multiple'
          ? question.options.map((option) => {
              const checked = chosen.includes(option.index);
              return (
                <label
                  key={option.index}
                  className={cn(
                    'flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 ring-1',
                    checked ? 'bg-brand-50 ring-brand-600' : 'ring-slate-200',
                  )}
                >
                  <input
                    type={question.type === 'single' ? 'radio' : 'checkbox'}
                    name={name}
                    checked={checked}
                    onChange={() =>
                      onAnswer({
                        choices:
                          question.type === 'single'
                            ? [option.index]
                            : checked
                              ? chosen.filter((c) => c !== option.index)
                              : [...chosen, option.index].sort((a, b) => a - b),
                      })
                    }
                  />
                  <span>
                    {option.en}
                    {option.en && option.mr ? ' / ' : ''}
                    {option.mr ? <span lang="mr">{option.mr}</span> : null}
                  </span>
                </label>
              );
            })
          : null}
        {question.type === 'truefalse'
          ? ([true, false] as const).map((truth) => (
              <label
                key={String(truth)}
                className="flex min-h-11 items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200"
              >
                <input
                  type="radio"
                  name={name}
                  checked={answer !== null && 'truth' in answer && answer.truth === truth}
                  onChange={() => onAnswer({ truth })}
                />
                {truth ? 'True' : 'False'}
              </label>
            ))
          : null}
        {question.type === 'numeric' ? (
          <NumberAnswer
            label="Your answer (a number)"
            value={answer && 'value' in answer ? answer.value : null}
            onChange={(value) => onAnswer(value === null ? null : { value })}
          />
        ) : null}
      </fieldset>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onReview(!entry?.review)}>
          {entry?.review ? 'Unmark review' : 'Mark for review'}
        </Button>
        {answer ? (
          <Button size="sm" variant="secondary" disabled={disabled} onClick={() => onAnswer(null)}>
            Clear answer
          </Button>
        ) : null}
      </div>
    </section>
  );
}

function NumberAnswer({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number | null;
  onChange: (value: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  return (
    <label className="flex flex-col gap-1 text-sm text-slate-700">
      {label}
      <input
        inputMode="decimal"
        className="min-h-11 rounded-lg px-3 ring-1 ring-slate-300"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onBlur={() => {
          const trimmed = text.trim();
          if (trimmed === '') return onChange(null);
          const number = Number(trimmed);
          if (Number.isFinite(number)) onChange(number);
        }}
      />
    </label>
  );
}
