import { messages } from '@app/domain/messages';
import {
  type Chapter,
  difficulties,
  difficultyLabels,
  type Question,
  type QuestionInput,
  type QuestionType,
  questionRequest,
  questionTypeLabels,
  questionTypes,
} from '@app/domain/online-tests.schemas';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PhotoUploader } from '@/components/photo-uploader/photo-uploader';
import { checkboxClasses } from '@/components/ui/checkbox';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder, formResolver } from '@/lib/form-schema';
import { useSaveQuestion } from '../api/online-tests';
import { FieldRows } from './field-rows';

/** What the inputs hold: numbers as typed, each option with whether it is a right one. */
export type QuestionFormValues = {
  chapterId: string;
  type: QuestionType;
  textEn: string;
  textMr: string;
  image: string | null;
  options: { en: string; mr: string; correct: boolean }[];
  /** The right number (a number question) and how far off still counts. */
  value: string;
  tolerance: string;
  truth: '' | 'true' | 'false';
  marks: string;
  negativeMarks: string;
  difficulty: string;
  explanationEn: string;
  explanationMr: string;
};

const rightOption = 'flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800';
const MIN_OPTIONS = 2;
const MAX_OPTIONS = 6;
const blankOption = () => ({ en: '', mr: '', correct: false });
const isChoice = (type: QuestionType) => type === 'single' || type === 'multiple';
/** A number as typed; blank is absent (the schema names what is missing), anything else stays a number or NaN. */
const numberOf = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The request, from the form's text: the key from the inputs of the question's type. */
export function requestOf(form: QuestionFormValues) {
  const choice = isChoice(form.type);
  // Rows left wholly blank are not options (the form offers four to start with).
  const options = form.options.filter((option) => option.en.trim() || option.mr.trim() || option.correct);
  const key = choice
    ? { choices: options.flatMap((option, index) => (option.correct ? [index] : [])) }
    : form.type === 'numeric'
      ? { value: numberOf(form.value), tolerance: numberOf(form.tolerance) ?? 0 }
      : form.truth
        ? { truth: form.truth === 'true' }
        : {};
  return {
    chapterId: form.chapterId,
    type: form.type,
    textEn: form.textEn,
    textMr: form.textMr,
    image: form.image,
    options: choice ? options.map(({ en, mr }) => ({ en, mr })) : [],
    key,
    marks: numberOf(form.marks),
    negativeMarks: numberOf(form.negativeMarks) ?? 0,
    difficulty: form.difficulty,
    explanationEn: form.explanationEn,
    explanationMr: form.explanationMr,
  };
}
const questionForm = z.preprocess((values) => requestOf(values as QuestionFormValues), questionRequest);

const fields = [
  'chapterId',
  'type',
  'textEn',
  'textMr',
  'image',
  'options',
  'key',
  'marks',
  'negativeMarks',
  'difficulty',
  'explanationEn',
  'explanationMr',
] as const;
type FormField = keyof QuestionFormValues | 'key';
const isField = (path: string): path is keyof QuestionFormValues =>
  (fields as readonly string[]).includes(path) && path !== 'key';

/** The form's values for a saved question, or for a new one in the given chapter. */
export function formValuesOf(question: Question | null, chapterId: number | null): QuestionFormValues {
  const key = (question?.key ?? {}) as { choices?: number[]; value?: number; tolerance?: number; truth?: boolean };
  const options = question?.options.map((option, index) => ({
    en: option.en ?? '',
    mr: option.mr ?? '',
    correct: key.choices?.includes(index) ?? false,
  }));
  return {
    chapterId: String(question?.chapterId ?? chapterId ?? ''),
    type: question?.type ?? 'single',
    textEn: question?.textEn ?? '',
    textMr: question?.textMr ?? '',
    image: question?.image ?? null,
    options: options?.length ? options : [blankOption(), blankOption(), blankOption(), blankOption()],
    value: key.value === undefined ? '' : String(key.value),
    tolerance: key.tolerance ? String(key.tolerance) : '',
    truth: key.truth === undefined ? '' : key.truth ? 'true' : 'false',
    marks: question ? String(question.marks) : '1',
    negativeMarks: question?.negativeMarks ? String(question.negativeMarks) : '',
    difficulty: question?.difficulty ?? 'medium',
    explanationEn: question?.explanationEn ?? '',
    explanationMr: question?.explanationMr ?? '',
  };
}

/**
 * Write or edit one question (teachers for their papers, admins for all): its chapter, the text in
 * English and/or Marathi, an optional picture, the type with the inputs of its answer, marks, negative
 * marks, difficulty and the explanation shown after the test.
 */
export function QuestionForm({
  question,
  chapters,
  chapterId,
  onDone,
}: {
  question: Question | null;
  /** The chapters of the question's paper. */
  chapters: Chapter[];
  chapterId: number | null;
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useSaveQuestion();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<QuestionFormValues, unknown, QuestionInput>({
    // The preprocess step reads the form's text; its output is the request's.
    resolver: formResolver(questionForm as unknown as typeof questionRequest),
    defaultValues: formValuesOf(question, chapterId),
  });
  const bind = fieldBinder(register, errors);
  const options = useFieldArray({ control, name: 'options' });
  const type = watch('type');
  const image = watch('image');
  const watched = watch('options');
  // The key is a union (options, a number, true/false): the resolver names the first branch's problem,
  // so the field says the schema's own message for any of them.
  const keyError = (errors as Partial<Record<FormField, unknown>>).key ? messages.questionKeyInvalid : undefined;
  const optionsError = errors.options?.message ?? errors.options?.root?.message;

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: question?.id ?? null, body },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onDone();
        },
        onError: (error) =>
          showFormError(error, {
            setError,
            isField: (path): path is keyof QuestionFormValues => isField(path),
            toastError: toast.error,
            fallback: messages.somethingWentWrong,
          }),
      },
    ),
  );

  /** One right option: choosing one clears the others. */
  const chooseOnly = (index: number) => {
    for (let i = 0; i < watched.length; i += 1) setValue(`options.${i}.correct`, i === index, { shouldDirty: true });
  };

  return (
    <FormCard
      id="question-form"
      title={question ? `Edit question ${question.id}` : 'New question'}
      onSubmit={onSubmit}
      submitLabel={question ? 'Save question' : 'Add question'}
      isSubmitting={save.isPending}
      onCancel={onDone}
    >
      <Select
        label="Chapter"
        required
        options={[
          { value: '', label: 'Choose the chapter' },
          ...chapters.map((chapter) => ({ value: String(chapter.id), label: chapter.name })),
        ]}
        {...bind('chapterId')}
      />
      <Select
        label="Type"
        required
        options={questionTypes.map((value) => ({ value, label: questionTypeLabels[value] }))}
        {...bind('type')}
      />
      <Textarea
        label="Question (English)"
        hint="English, Marathi or both"
        fieldClassName="sm:col-span-2"
        {...bind('textEn')}
      />
      <Textarea label="Question (Marathi)" lang="mr" fieldClassName="sm:col-span-2" {...bind('textMr')} />
      <div className="sm:col-span-2">
        <PhotoUploader
          label="Picture (optional)"
          mode="document"
          value={image}
          onChange={(url) => setValue('image', url, { shouldDirty: true })}
        />
        {errors.image?.message ? <p className="mt-1 text-sm text-red-600">{errors.image.message}</p> : null}
      </div>

      {isChoice(type) ? (
        <FieldRows
          legend={`Options: tick the ${type === 'single' ? 'right one' : 'right ones'}`}
          className="sm:col-span-2"
          rows={options.fields}
          rowClassName="sm:grid-cols-[auto_1fr_1fr_auto]"
          canRemove={options.fields.length > MIN_OPTIONS}
          onRemove={options.remove}
          addLabel="Add option"
          canAdd={options.fields.length < MAX_OPTIONS}
          onAdd={() => options.append(blankOption())}
          error={optionsError ?? keyError}
          renderRow={(index) => {
            const letter = String.fromCharCode(65 + index);
            return (
              <>
                {type === 'single' ? (
                  <label className={rightOption}>
                    <input
                      type="radio"
                      name="question-right-option"
                      className="size-5 accent-brand-600"
                      checked={watched[index]?.correct ?? false}
                      onChange={() => chooseOnly(index)}
                    />
                    Option {letter} is right
                  </label>
                ) : (
                  <label className={rightOption}>
                    <input type="checkbox" className={checkboxClasses} {...register(`options.${index}.correct`)} />
                    Option {letter} is right
                  </label>
                )}
                <Input label={`Option ${letter} (English)`} {...register(`options.${index}.en`)} />
                <Input label={`Option ${letter} (Marathi)`} lang="mr" {...register(`options.${index}.mr`)} />
              </>
            );
          }}
        />
      ) : type === 'numeric' ? (
        <>
          <Input label="Right answer (a number)" inputMode="decimal" required error={keyError} {...register('value')} />
          <Input label="Tolerance (±)" inputMode="decimal" hint="0 for the exact number" {...register('tolerance')} />
        </>
      ) : (
        <Select
          label="Right answer"
          required
          error={keyError}
          options={[
            { value: '', label: 'Choose' },
            { value: 'true', label: 'True' },
            { value: 'false', label: 'False' },
          ]}
          {...register('truth')}
        />
      )}

      <Input label="Marks" inputMode="decimal" required {...bind('marks')} />
      <Input
        label="Negative marks"
        inputMode="decimal"
        hint="Taken off for a wrong answer"
        {...bind('negativeMarks')}
      />
      <Select
        label="Difficulty"
        required
        options={difficulties.map((value) => ({ value, label: difficultyLabels[value] }))}
        {...bind('difficulty')}
      />
      <Textarea
        label="Explanation (English)"
        hint="Shown after the test"
        fieldClassName="sm:col-span-2"
        {...bind('explanationEn')}
      />
      <Textarea label="Explanation (Marathi)" lang="mr" fieldClassName="sm:col-span-2" {...bind('explanationMr')} />
    </FormCard>
  );
}
