import { type AddCentreRequest, addCentreRequest } from '@app/domain/centres.schemas';
import { messages } from '@app/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { ApiError } from '@/lib/api-client';
import { useAddCentre } from '../api/add-centre';

const defaultValues = { centerId: '', centerName: '', collegeName: '', city: '', capicity: '' };

function isFormField(path: string): path is keyof typeof defaultValues {
  return path in defaultValues;
}

/** SPEC §2/§5 Exam centre add: centre ID, name and college required; capacity a whole number, empty for no seat limit. */
export function AddCentreForm() {
  const toast = useToast();
  const addCentre = useAddCentre();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<AddCentreRequest>({ resolver: zodResolver(addCentreRequest), defaultValues });

  const onSubmit = handleSubmit((centre) =>
    addCentre.mutate(centre, {
      onSuccess: () => {
        toast.success(messages.centreAdded);
        reset();
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
      aria-labelledby="add-centre-title"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id="add-centre-title" className="mb-4 text-lg font-semibold text-slate-900">
        New Centre
      </h2>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
        <Input
          label="Centre ID"
          inputMode="numeric"
          autoComplete="off"
          required
          error={errors.centerId?.message}
          {...register('centerId')}
        />
        <Input
          label="Centre Name"
          autoComplete="off"
          required
          error={errors.centerName?.message}
          {...register('centerName')}
        />
        <Input
          label="College Name"
          autoComplete="off"
          required
          error={errors.collegeName?.message}
          {...register('collegeName')}
        />
        <Input label="City" autoComplete="off" error={errors.city?.message} {...register('city')} />
        <Input
          label="Capacity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          placeholder="No seat limit"
          error={errors.capicity?.message}
          {...register('capicity')}
        />
      </div>
      <div className="mt-5 flex flex-col sm:flex-row sm:justify-end">
        <Button type="submit" isLoading={addCentre.isPending}>
          Add Centre
        </Button>
      </div>
    </form>
  );
}
