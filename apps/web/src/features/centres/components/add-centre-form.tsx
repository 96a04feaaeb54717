import { type AddCentreRequest, addCentreRequest } from '@app/domain/centres.schemas';
import { messages } from '@app/domain/messages';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { fieldBinder } from '@/lib/form-schema';
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
  const bind = fieldBinder(register, errors);

  const onSubmit = handleSubmit((centre) =>
    addCentre.mutate(centre, {
      onSuccess: () => {
        toast.success(messages.centreAdded);
        reset();
      },
      // SPEC §8 Centres: the server's message, else 'Error adding centre'.
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.errorAddingCentre,
        }),
    }),
  );

  return (
    <FormCard
      id="add-centre"
      title="New Centre"
      onSubmit={onSubmit}
      submitLabel="Add Centre"
      isSubmitting={addCentre.isPending}
      columnsClassName="lg:grid-cols-5"
    >
      <Input label="Centre ID" inputMode="numeric" autoComplete="off" required {...bind('centerId')} />
      <Input label="Centre Name" autoComplete="off" required {...bind('centerName')} />
      <Input label="College Name" autoComplete="off" required {...bind('collegeName')} />
      <Input label="City" autoComplete="off" {...bind('city')} />
      <Input
        label="Capacity"
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        placeholder="No seat limit"
        {...bind('capicity')}
      />
    </FormCard>
  );
}
