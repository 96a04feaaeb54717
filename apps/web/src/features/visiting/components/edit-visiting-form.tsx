import { messages } from '@app/domain/messages';
import type { VisitingRecord } from '@app/domain/visiting.schemas';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { useToast } from '@/components/ui/toast';
import { showFormError } from '@/lib/form-errors';
import { useUpdateVisiting } from '../api/update-visiting';
import {
  isVisitingField,
  type VisitingFormValues,
  type VisitingRequestOutput,
  visitingBodyOf,
  visitingResolver,
  visitingValuesOf,
} from './visiting-form-values';
import { VisitingSections } from './visiting-sections';

type EditVisitingFormProps = {
  record: VisitingRecord;
  onSaved: (record: VisitingRecord) => void;
  onCancel: () => void;
};

/** Corrects a recorded enquiry with the Visiting Form's own sections and checks; who recorded it stays. */
export function EditVisitingForm({ record, onSaved, onCancel }: EditVisitingFormProps) {
  const toast = useToast();
  const updateVisiting = useUpdateVisiting();
  const form = useForm<VisitingFormValues, unknown, VisitingRequestOutput>({
    resolver: visitingResolver,
    mode: 'onChange',
    defaultValues: visitingValuesOf(record),
  });
  const { handleSubmit, setError, getValues } = form;

  const onSubmit = handleSubmit((valid) =>
    updateVisiting.mutate(
      { id: record.id, body: visitingBodyOf(getValues(), valid) },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onSaved(response.data);
        },
        onError: (error) =>
          showFormError(error, {
            setError,
            isField: isVisitingField,
            toastError: toast.error,
            fallback: messages.visitingSubmitError,
          }),
      },
    ),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Edit enquiry" className="flex flex-col gap-4">
      <VisitingSections form={form} columnsClassName="xl:grid-cols-2" />
      <FormActions onCancel={onCancel}>
        <Button type="submit" className="sm:min-w-40" isLoading={updateVisiting.isPending}>
          Save changes
        </Button>
      </FormActions>
    </form>
  );
}
