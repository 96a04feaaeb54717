import { marksText } from '@app/domain/online-tests.rules';
import type { AttemptResult, AttemptView } from '@app/domain/online-tests.schemas';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** What a graded sitting shows: score, right/wrong/unanswered, rank, each chapter, and (when the test allows) the answers. */
export function AttemptResultView({
  title,
  result,
  questions,
}: {
  title: string;
  result: AttemptResult;
  questions: AttemptView['questions'];
}) {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-xl font-bold text-slate-900">{title}</h1>
      <section aria-label="Your score" className="rounded-xl bg-white p-4 text-center shadow-sm ring-1 ring-slate-200">
        <p className="text-sm text-slate-600">Your score</p>
        <p className="text-3xl font-bold text-brand-800">
          {marksText(result.scoreX100)} / {marksText(result.maxX100)}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Rank {result.rank} of {result.sat}
          {result.timedOut ? ' · time ran out' : ''}
        </p>
        <dl className="mt-3 grid grid-cols-3 gap-2 text-sm">
          <div>
            <dt className="text-slate-500">Correct</dt>
            <dd className="font-semibold text-green-700">{result.correct}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Wrong</dt>
            <dd className="font-semibold text-red-700">{result.wrong}</dd>
          </div>
          <div>
            <dt className="text-slate-500">Unanswered</dt>
            <dd className="font-semibold text-slate-700">{result.unanswered}</dd>
          </div>
        </dl>
      </section>
      <section aria-label="By chapter" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <h2 className="font-semibold text-slate-900">By chapter</h2>
        <ul className="mt-2 flex flex-col gap-1 text-sm">
          {result.byChapter.map((chapter) => (
            <li key={chapter.chapterId} className="flex justify-between">
              <span>{chapter.name}</span>
              <span className="font-medium">
                {marksText(chapter.scoreX100)} / {marksText(chapter.maxX100)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {result.review ? (
        <section aria-label="Answers" className="flex flex-col gap-2">
          <h2 className="font-semibold text-slate-900">Answers</h2>
          {result.review.map((item) => {
            const question = questions.find((q) => q.id === item.questionId);
            const number = question ? questions.indexOf(question) + 1 : 0;
            return (
              <article
                key={item.questionId}
                className="rounded-xl bg-white p-3 text-sm shadow-sm ring-1 ring-slate-200"
              >
                <p className="font-medium">
                  {number}. {question?.textEn ?? question?.textMr}{' '}
                  <span
                    className={
                      item.outcome === 'correct'
                        ? 'text-green-700'
                        : item.outcome === 'wrong'
                          ? 'text-red-700'
                          : 'text-slate-500'
                    }
                  >
                    ({item.outcome === 'correct' ? 'Correct' : item.outcome === 'wrong' ? 'Wrong' : 'Not answered'})
                  </span>
                </p>
                {question?.image ? <img src={question.image} alt="" className="mt-2 max-h-48 rounded-md" /> : null}
                <p className="mt-1 text-slate-700">Right answer: {keyText(item.key, question)}</p>
                {item.explanationEn ? <p className="mt-1 text-slate-600">{item.explanationEn}</p> : null}
                {item.explanationMr ? (
                  <p lang="mr" className="mt-1 text-slate-600">
                    {item.explanationMr}
                  </p>
                ) : null}
              </article>
            );
          })}
        </section>
      ) : (
        <p className="text-sm text-slate-600">The answers and explanations are shown after the test closes.</p>
      )}
      <Link to={paths.student.home.getHref()} className={buttonClasses({ variant: 'secondary' })}>
        Back to my page
      </Link>
    </div>
  );
}

function keyText(key: unknown, question: AttemptView['questions'][number] | undefined): string {
  if (typeof key !== 'object' || key === null) return '-';
  if ('choices' in key && Array.isArray(key.choices)) {
    return key.choices
      .map((c: number) => {
        const option = question?.options.find((o) => o.index === c);
        return option?.en ?? option?.mr ?? String(c + 1);
      })
      .join(', ');
  }
  if ('value' in key)
    return `${String(key.value)}${'tolerance' in key && key.tolerance ? ` (± ${String(key.tolerance)})` : ''}`;
  if ('truth' in key) return key.truth ? 'True' : 'False';
  return '-';
}
