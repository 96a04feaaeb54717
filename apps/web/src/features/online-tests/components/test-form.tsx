import { indianDateTime, instantOfIndianDateTime } from '@app/domain/dates.rules';
import { messages } from '@app/domain/messages';
import {
  type Chapter,
  difficulties,
  difficultyLabels,
  paperLabel,
  type Question,
  type TestInput,
  testRequest,
} from '@app/domain/online-tests.schemas';
import { branchesOf, standards } from '@app/domain/standards.rules';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { checkboxClasses } from '@/components/ui/checkbox';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder, formResolver } from '@/lib/form-schema';
import { useCreateTest, usePapers, usePapersQuestions } from '../api/online-tests';
import { ChoiceBoxes, ticked } from './choice-boxes';
import { FieldRows, ListError, listError } from './field-rows';
import { questionLine } from './question-line';

/** What the inputs hold: the ticked standards, branches and papers, times in India as typed, each draw rule's text. */
export type TestFormValues = {
  title: string;
  standards: string[];
  branches: string[];
  subjectCodes: string[];
  questionIds: string[];
  draw: { chapterId: string; difficulty: string; count: string }[];
  durationMinutes: string;
  opensAt: string;
  closesAt: string;
  attemptsAllowed: string;
  shuffle: boolean;
  showAnswers: string;
};

const wholeOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The request, from the form's text: blank draw rules left out, times in India as instants. */
export function testRequestOf(form: TestFormValues) {
  return {
    title: form.title,
    standards: ticked(form.standards),
    // A branch stays only while a ticked standard offers it.
    branches: ticked(form.branches).filter((branch) => branchesOfAll(ticked(form.standards)).includes(branch)),
    subjectCodes: ticked(form.subjectCodes).map(Number),
    questionIds: ticked(form.questionIds),
    draw: form.draw
      .filter((rule) => rule.chapterId || rule.count)
      .map((rule) => ({
        chapterId: rule.chapterId,
        ...(rule.difficulty ? { difficulty: rule.difficulty } : {}),
        count: wholeOf(rule.count),
      })),
    durationMinutes: wholeOf(form.durationMinutes),
    opensAt: instantOfIndianDateTime(form.opensAt),
    closesAt: instantOfIndianDateTime(form.closesAt),
    attemptsAllowed: wholeOf(form.attemptsAllowed),
    shuffle: form.shuffle,
    showAnswers: form.showAnswers,
  };
}
const testForm = z.preprocess((values) => testRequestOf(values as TestFormValues), testRequest);

const requestFields = [
  'title',
  'standards',
  'branches',
  'subjectCodes',
  'questionIds',
  'draw',
  'durationMinutes',
  'opensAt',
  'closesAt',
] as const;
const isField = (path: string): path is keyof TestFormValues =>
  (requestFields as readonly string[]).includes(path.split('.')[0] ?? '');

export function emptyTest(now: Date): TestFormValues {
  return {
    title: '',
    standards: ['10th'],
    branches: [],
    subjectCodes: [],
    questionIds: [],
    draw: [{ chapterId: '', difficulty: '', count: '' }],
    durationMinutes: '30',
    opensAt: indianDateTime(now),
    closesAt: indianDateTime(new Date(now.getTime() + 24 * 3_600_000)),
    attemptsAllowed: '1',
    shuffle: true,
    showAnswers: 'after_submit',
  };
}

/** The mediums or groups the ticked standards offer, in the order of the standards. */
const branchesOfAll = (chosen: string[]): string[] => [
  ...new Set(standards.filter((standard) => chosen.includes(standard)).flatMap((standard) => branchesOf(standard))),
];

/** How many live questions of a chapter (of a difficulty, or all) the bank holds. */
const available = (questions: Question[], chapterId: string, difficulty: string) =>
  questions.filter((q) => String(q.chapterId) === chapterId && (!difficulty || q.difficulty === difficulty)).length;

/**
 * A new test: its standards, mediums or groups, and papers (named, from the papers the user may write
 * for), questions picked by hand from those papers' banks and/or drawn at random by
 * chapter and difficulty (e.g. 5 easy + 3 hard from one chapter), the window in India's time, attempts,
 * shuffling and when answers are shown.
 */
export function TestForm({ chapters, now }: { chapters: Chapter[]; now: Date }) {
  const toast = useToast();
  const create = useCreateTest();
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors },
  } = useForm<TestFormValues, unknown, TestInput>({
    resolver: formResolver(testForm as unknown as typeof testRequest),
    defaultValues: emptyTest(now),
  });
  const bind = fieldBinder(register, errors);
  const rules = useFieldArray({ control, name: 'draw' });
  const drawn = watch('draw');
  const branches = branchesOfAll(ticked(watch('standards')));
  const papers = usePapers();
  const paperList = papers.data ?? [];
  const chosen = ticked(watch('subjectCodes')).map(Number);
  const chosenPapers = paperList.filter((paper) => chosen.includes(paper.subjectCode));
  const paperChapters = chapters.filter((chapter) => chosen.includes(chapter.subjectCode));
  const questions = usePapersQuestions(chosenPapers.map((paper) => paper.subjectCode));
  // With several papers, a chapter is named with its paper.
  const chapterLabel = (chapter: Chapter) => {
    const paper = chosenPapers.length > 1 ? chosenPapers.find((one) => one.subjectCode === chapter.subjectCode) : null;
    return paper ? `${chapter.name} (${paper.subjectName})` : chapter.name;
  };
  /** A group of checkboxes' registration and message. */
  const listField = (name: 'standards' | 'branches' | 'subjectCodes') => ({
    registration: register(name),
    error: listError(errors[name]),
  });

  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (saved) => {
        toast.success(`${saved.message}: ${saved.data.questions} questions`);
        reset(emptyTest(now));
      },
      onError: (error) =>
        showFormError(error, { setError, isField, toastError: toast.error, fallback: messages.somethingWentWrong }),
    }),
  );

  return (
    <FormCard
      id="test-form"
      title="New test"
      onSubmit={onSubmit}
      submitLabel="Create test"
      isSubmitting={create.isPending}
      columnsClassName="lg:grid-cols-3"
    >
      <Input
        label="Title"
        required
        autoComplete="off"
        fieldClassName="sm:col-span-2 lg:col-span-3"
        {...bind('title')}
      />
      <ChoiceBoxes
        legend="Standards"
        required
        choices={standards.map((standard) => ({ value: standard, label: standard }))}
        {...listField('standards')}
        className="sm:col-span-2 lg:col-span-1"
      />
      <ChoiceBoxes
        legend="Mediums or groups"
        hint="None ticked: all of them"
        choices={branches.map((branch) => ({ value: branch, label: branch }))}
        empty="Choose a standard first."
        {...listField('branches')}
        className="sm:col-span-2"
      />
      <ChoiceBoxes
        legend="Papers"
        required
        choices={paperList.map((paper) => ({ value: String(paper.subjectCode), label: paperLabel(paper) }))}
        empty={papers.isPending ? 'Loading the papers…' : 'No papers are assigned to you yet: ask an admin.'}
        {...listField('subjectCodes')}
        className="sm:col-span-2 lg:col-span-3"
      />

      <FieldRows
        legend="Drawn at random by chapter and difficulty"
        className="sm:col-span-2 lg:col-span-3"
        rows={rules.fields}
        rowClassName="sm:grid-cols-[2fr_1fr_1fr_auto]"
        onRemove={rules.remove}
        addLabel="Add a draw rule"
        onAdd={() => rules.append({ chapterId: '', difficulty: '', count: '' })}
        error={listError(errors.draw)}
        renderRow={(index) => {
          const rule = drawn[index];
          const pool = rule?.chapterId ? available(questions, rule.chapterId, rule.difficulty) : null;
          return (
            <>
              <Select
                label={`Chapter (rule ${index + 1})`}
                options={[
                  { value: '', label: 'Choose the chapter' },
                  ...paperChapters.map((chapter) => ({ value: String(chapter.id), label: chapterLabel(chapter) })),
                ]}
                {...bind(`draw.${index}.chapterId`)}
              />
              <Select
                label={`Difficulty (rule ${index + 1})`}
                options={[
                  { value: '', label: 'Any' },
                  ...difficulties.map((value) => ({ value, label: difficultyLabels[value] })),
                ]}
                {...bind(`draw.${index}.difficulty`)}
              />
              <Input
                label={`How many (rule ${index + 1})`}
                inputMode="numeric"
                hint={pool === null ? undefined : `${pool} in the bank`}
                {...bind(`draw.${index}.count`)}
              />
            </>
          );
        }}
      >
        {chosen.length === 0 ? <p className="text-sm text-slate-600">Choose the papers first.</p> : null}
      </FieldRows>

      <fieldset className="flex min-w-0 flex-col gap-1 sm:col-span-2 lg:col-span-3">
        <legend className="mb-1 text-sm font-semibold text-slate-900">Picked by hand</legend>
        {chosen.length > 0 && questions.length === 0 ? (
          <p className="text-sm text-slate-600">These papers have no questions yet.</p>
        ) : null}
        {chosen.length === 0 ? <p className="text-sm text-slate-600">Choose the papers first.</p> : null}
        <div className={questions.length ? 'max-h-72 overflow-y-auto rounded-lg ring-1 ring-slate-200' : 'hidden'}>
          {questions.map((question) => (
            <label
              key={question.id}
              className="flex min-h-11 items-start gap-2 border-b border-slate-100 p-2 text-sm text-slate-800 last:border-b-0"
            >
              <input
                type="checkbox"
                className={`${checkboxClasses} mt-0.5 shrink-0`}
                value={String(question.id)}
                {...register('questionIds')}
              />
              <span className="min-w-0">{questionLine(question, chapters)}</span>
            </label>
          ))}
        </div>
        <ListError error={listError(errors.questionIds)} />
      </fieldset>

      <Input label="Duration (minutes)" inputMode="numeric" required {...bind('durationMinutes')} />
      <Input label="Attempts allowed" inputMode="numeric" required {...bind('attemptsAllowed')} />
      <Select
        label="Show answers"
        options={[
          { value: 'after_submit', label: 'After submitting' },
          { value: 'after_close', label: 'After the test closes' },
        ]}
        {...bind('showAnswers')}
      />
      <Input label="Opens (India time)" type="datetime-local" required {...bind('opensAt')} />
      <Input label="Closes (India time)" type="datetime-local" required {...bind('closesAt')} />
      <label className="flex min-h-11 items-center gap-2 self-end text-sm font-medium text-slate-800">
        <input type="checkbox" className={checkboxClasses} {...register('shuffle')} />
        Shuffle questions and options for each student
      </label>
    </FormCard>
  );
}
