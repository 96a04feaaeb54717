import { type AddSubjectRequest, addSubjectRequest, subjectStandards } from '@app/domain/subjects.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useAddSubject } from '../api/add-subject';

const defaultValues = { subjectCode: '', subjectName: '', language: '', standard: '10th' as const };

const standardOptions = subjectStandards.map((standard) => ({ value: standard, label: standard }));

function isFormField(path: string): path is keyof typeof defaultValues {
  return path in defaultValues;
}

/** SPEC §5 Add subject: code (a whole number), name, language and standard, all required. */
export function AddSubjectForm({ onClose }: { onClose: () => void }) {
  const toast = useToast();
  const addSubject = useAddSubject();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AddSubjectRequest>({ resolver: zodResolver(addSubjectRequest), defaultValues });

  const onSubmit = handleSubmit((subject) =>
    addSubject.mutate(subject, {
      onSuccess: (response) => {
        toast.success(response.message);
        onClose();
      },
      onError: (error) => {
        for (const issue of error instanceof ApiError ? error.issues : []) {
          if (isFormField(issue.path)) setError(issue.path, { message: issue.message });
        }
      },
    }),
  );

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="add-subject-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="add-subject-title" className="mb-4 text-lg font-semibold text-slate-900">
        New Subject
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Input
          label="Subject Code"
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.subjectCode?.message}
          {...register('subjectCode')}
        />
        <Input
          label="Subject Name"
          autoComplete="off"
          required
          error={errors.subjectName?.message}
          {...register('subjectName')}
        />
        <Input
          label="Language"
          autoComplete="off"
          required
          error={errors.language?.message}
          {...register('language')}
        />
        <Select
          label="Standard"
          options={standardOptions}
          required
          error={errors.standard?.message}
          {...register('standard')}
        />
      </div>
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" isLoading={addSubject.isPending}>
          Save Subject
        </Button>
      </div>
    </form>
  );
}
