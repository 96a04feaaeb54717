import { messages } from '@app/domain/messages';
import { type AddSubjectRequest, addSubjectRequest, subjectStandards } from '@app/domain/subjects.schemas';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder } from '@/lib/form-schema';
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
  const bind = fieldBinder(register, errors);

  const onSubmit = handleSubmit((subject) =>
    addSubject.mutate(subject, {
      onSuccess: (response) => {
        toast.success(response.message);
        onClose();
      },
      // SPEC §8 Subjects: the server's message, else 'Failed to add subject'.
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.failedToAddSubject,
        }),
    }),
  );

  return (
    <FormCard
      id="add-subject"
      title="New Subject"
      onSubmit={onSubmit}
      submitLabel="Save Subject"
      isSubmitting={addSubject.isPending}
      onCancel={onClose}
      columnsClassName="lg:grid-cols-4"
    >
      <Input label="Subject Code" inputMode="numeric" autoComplete="off" required {...bind('subjectCode')} />
      <Input label="Subject Name" autoComplete="off" required {...bind('subjectName')} />
      <Input label="Language" autoComplete="off" required {...bind('language')} />
      <Select label="Standard" options={standardOptions} required {...bind('standard')} />
    </FormCard>
  );
}
