import { type ExamSession, type ExamSessionRequest, examSessionRequest } from '@app/domain/exam-sessions.schemas';
import { messages } from '@app/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Path, useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { useSaveExamSession } from '../api/save-exam-session';

type FormValues = {
  name: string;
  examYear: string;
  twoYearExamYear: string;
  startsOn: string;
  endsOn: string;
  holdTicketsWhileOverdue: boolean;
};

const fields: readonly string[] = [
  'name',
  'examYear',
  'twoYearExamYear',
  'startsOn',
  'endsOn',
  'holdTicketsWhileOverdue',
];
const isField = (path: string): path is Path<ExamSessionRequest> => fields.includes(path);

/** A new session (the next season) or an existing one's details; `session` null for a new one. */
export function SessionForm({
  session,
  initial,
  onDone,
}: {
  session: ExamSession | null;
  initial: FormValues;
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useSaveExamSession();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ExamSessionRequest>({
    resolver: zodResolver(examSessionRequest),
    defaultValues: initial,
  });

  const onSubmit = handleSubmit((body) =>
    save.mutate(
      { id: session?.id ?? null, body },
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
  const title = session ? `Edit ${session.name}` : 'Start the next session';

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label={title}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 className="mb-4 text-base font-semibold text-slate-900 sm:text-lg">{title}</h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <Input label="Name" autoComplete="off" required error={errors.name?.message} {...register('name')} />
        <Input
          label="Exam year (10th, 12th)"
          inputMode="numeric"
          required
          error={errors.examYear?.message}
          {...register('examYear')}
        />
        <Input
          label="Exam year of 9th+10th, 11th+12th"
          inputMode="numeric"
          hint="The next year unless set"
          error={errors.twoYearExamYear?.message}
          {...register('twoYearExamYear')}
        />
        <Input label="Starts on" type="date" required error={errors.startsOn?.message} {...register('startsOn')} />
        <Input label="Ends on" type="date" required error={errors.endsOn?.message} {...register('endsOn')} />
        <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-slate-800 sm:col-span-2 lg:col-span-1">
          <input type="checkbox" className="size-5 accent-brand-600" {...register('holdTicketsWhileOverdue')} />
          No hall ticket while a fee instalment is overdue
        </label>
      </div>
      <div className="mt-5 flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" isLoading={save.isPending}>
          {session ? 'Save' : 'Create session'}
        </Button>
      </div>
    </form>
  );
}
