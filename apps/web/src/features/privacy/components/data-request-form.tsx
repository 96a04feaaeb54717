import { indianToday } from '@app/domain/dates.rules';
import { dataRequestKindLabels, dataRequestKinds } from '@app/domain/privacy.rules';
import { type CreateDataRequestInput, createDataRequestRequest, privacyMessages } from '@app/domain/privacy.schemas';
import { useForm } from 'react-hook-form';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { useCreateDataRequest } from '../api/data-requests';

type Values = FormText<typeof createDataRequestRequest, 'studentId' | 'kind' | 'receivedOn' | 'details'>;
const defaults = (): Values => ({ studentId: '', kind: '', receivedOn: indianToday(), details: '' });
const resolver = formResolver<Values, typeof createDataRequestRequest>(createDataRequestRequest);
const isField = (path: string): path is keyof Values => path in defaults();
const kindOptions = [
  { value: '', label: 'Select request' },
  ...dataRequestKinds.map((kind) => ({ value: kind, label: dataRequestKindLabels[kind] })),
];

/** Records a family's request: a copy, a correction, a withdrawal of consent (at once) or an erasure. */
export function DataRequestForm() {
  const toast = useToast();
  const create = useCreateDataRequest();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<Values, unknown, CreateDataRequestInput>({ resolver, defaultValues: defaults() });
  const bind = fieldBinder(register, errors);
  const onSubmit = handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        toast.success(answer.data.kind === 'withdraw' ? privacyMessages.consentWithdrawn : answer.message);
        reset(defaults());
      },
      onError: (error) =>
        showFormError(error, { setError, isField, toastError: toast.error, fallback: 'Could not record the request' }),
    }),
  );
  return (
    <FormCard
      id="data-request"
      title="Record a family's request"
      onSubmit={onSubmit}
      submitLabel="Record request"
      isSubmitting={create.isPending}
    >
      <Input label="Student ID" autoComplete="off" required {...bind('studentId')} />
      <Select label="Request" options={kindOptions} required {...bind('kind')} />
      <Input label="Received on" type="date" max={indianToday()} required {...bind('receivedOn')} />
      <Input label="Details (optional)" autoComplete="off" {...bind('details')} />
    </FormCard>
  );
}
