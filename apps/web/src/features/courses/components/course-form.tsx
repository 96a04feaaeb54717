import { type Course, type CourseRequest, courseRequest } from '@app/domain/courses.schemas';
import { messages } from '@app/domain/messages';
import { standards } from '@app/domain/standards.rules';
import { useFieldArray, useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FormCard } from '@/components/ui/form-card';
import { Input, rupeesInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder, formResolver } from '@/lib/form-schema';
import { useSaveCourse } from '../api/courses';

/** What the inputs hold: the branches as one line ('PCM, PCB'), amounts and percentages as typed. */
type FormValues = {
  name: string;
  standard: string;
  branches: string;
  fee: string;
  planKind: 'amount' | 'percent';
  instalments: { dueDate: string; value: string }[];
  offered: boolean;
};

/** The request, from the form's text: the branches split at commas, blank instalment rows left out. */
const courseForm = z.preprocess((values) => {
  const form = values as FormValues;
  return {
    ...form,
    branches: form.branches
      .split(',')
      .map((branch) => branch.trim())
      .filter(Boolean),
    instalments: form.instalments.filter((row) => row.dueDate || row.value),
  };
}, courseRequest);

const fields = ['name', 'standard', 'branches', 'fee', 'planKind', 'instalments', 'offered'] as const;
const isField = (path: string): path is (typeof fields)[number] => (fields as readonly string[]).includes(path);

export const formValuesOf = (course: Course | null): FormValues =>
  course
    ? {
        name: course.name,
        standard: course.standard,
        branches: course.branches.join(', '),
        fee: String(course.fee),
        planKind: course.planKind,
        instalments: course.instalments.map((one) => ({ dueDate: one.dueDate, value: String(one.value) })),
        offered: course.offered,
      }
    : { name: '', standard: '10th', branches: '', fee: '', planKind: 'amount', instalments: [], offered: true };

/**
 * Add or edit a course of a session: name, standard, branches, fee and instalment plan. A changed fee
 * or plan reaches new registrations only; registered students keep theirs.
 */
export function CourseForm({
  sessionId,
  course,
  onDone,
}: {
  sessionId: number;
  course: Course | null;
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useSaveCourse();
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<FormValues, unknown, z.output<typeof courseRequest>>({
    // The preprocess step reads the form's text; its output is the request's (typed as the request schema's).
    resolver: formResolver(courseForm as unknown as typeof courseRequest),
    defaultValues: formValuesOf(course),
  });
  const bind = fieldBinder(register, errors);
  const instalments = useFieldArray({ control, name: 'instalments' });
  const isPercent = watch('planKind') === 'percent';
  const planError = errors.instalments?.message ?? errors.instalments?.root?.message;

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { sessionId, id: course?.id ?? null, body: body as CourseRequest },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onDone();
        },
        onError: (error) =>
          showFormError(error, { setError, isField, toastError: toast.error, fallback: messages.somethingWentWrong }),
      },
    ),
  );

  return (
    <FormCard
      id="course-form"
      title={course ? `Edit ${course.name}` : 'New course'}
      onSubmit={onSubmit}
      submitLabel={course ? 'Save' : 'Add course'}
      isSubmitting={save.isPending}
      onCancel={onDone}
      notice={
        course && course.students > 0 ? (
          <p className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
            {course.students} registered {course.students === 1 ? 'student keeps' : 'students keep'} the fee and plan
            they registered with: a change reaches new registrations only.
          </p>
        ) : undefined
      }
      columnsClassName="lg:grid-cols-3"
    >
      <Input label="Course name" autoComplete="off" required {...bind('name')} />
      <Select
        label="Standard"
        required
        options={standards.map((standard) => ({ value: standard, label: standard }))}
        {...bind('standard')}
      />
      <Input label="Fee (₹)" {...rupeesInput} min={1} required {...bind('fee')} />
      <Input
        label="Mediums or groups"
        hint="Separated by commas, e.g. Marathi, Semi-English, English"
        autoComplete="off"
        required
        fieldClassName="sm:col-span-2"
        {...bind('branches')}
      />
      <label className="flex min-h-11 items-center gap-3 self-end text-sm font-medium text-slate-800">
        <input type="checkbox" className="size-5 accent-brand-600" {...register('offered')} />
        Offered for registration
      </label>
      <fieldset className="flex min-w-0 flex-col gap-3 sm:col-span-2 lg:col-span-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Instalment plan</legend>
        <p className="text-sm text-slate-600">
          No instalments: the counsellor sets each due date. With instalments, the due date is the first one not yet
          paid.
        </p>
        <Select
          label="Instalments in"
          options={[
            { value: 'amount', label: 'Amounts (₹), adding up to the fee' },
            { value: 'percent', label: 'Percentages of the fee, adding up to 100%' },
          ]}
          fieldClassName="sm:max-w-sm"
          {...bind('planKind')}
        />
        <ol className="flex flex-col gap-3">
          {instalments.fields.map((row, index) => (
            <li
              key={row.id}
              className="grid min-w-0 grid-cols-2 items-end gap-2 sm:max-w-xl sm:grid-cols-[1fr_1fr_auto]"
            >
              <Input
                label={`Instalment ${index + 1} due on`}
                type="date"
                fieldClassName="min-w-0"
                {...bind(`instalments.${index}.dueDate`)}
              />
              <Input
                label={isPercent ? 'Percent' : 'Amount (₹)'}
                {...rupeesInput}
                fieldClassName="min-w-0"
                {...bind(`instalments.${index}.value`)}
              />
              <Button
                variant="secondary"
                className="col-span-2 sm:col-span-1"
                onClick={() => instalments.remove(index)}
                aria-label={`Remove instalment ${index + 1}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ol>
        {planError && (
          <p role="alert" className="text-sm text-red-700">
            {planError}
          </p>
        )}
        <Button
          variant="secondary"
          className="self-start"
          disabled={instalments.fields.length >= 12}
          onClick={() => instalments.append({ dueDate: '', value: '' })}
        >
          Add an instalment
        </Button>
      </fieldset>
    </FormCard>
  );
}
