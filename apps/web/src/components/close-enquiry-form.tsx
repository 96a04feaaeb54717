import { messages } from '@app/domain/messages';
import { closeEnquiryRequest, enquiryCloseReasons, OTHER_REASON } from '@app/domain/visiting.schemas';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { useCloseEnquiry } from '@/api/close-enquiry';
import { asOptions, choose } from '@/components/student-fields/field-binding';
import { FormCard } from '@/components/ui/form-card';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import type { ApiResponse } from '@/lib/api-client';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';

type CloseValues = FormText<typeof closeEnquiryRequest, 'reason' | 'note'>;
const defaultValues: CloseValues = { reason: '', note: '' };
const reasonOptions = [choose('Select reason'), ...asOptions(enquiryCloseReasons)];
const resolver = formResolver<CloseValues, typeof closeEnquiryRequest>(closeEnquiryRequest);

function isFormField(path: string): path is keyof CloseValues {
  return path in defaultValues;
}

type CloseEnquiryFormProps = {
  record: { id: number; studentName: string };
  onClosed: (record: ApiResponse<'enquiryClosed'>['data']) => void;
  onCancel: () => void;
};

/** Closes an enquiry with a reason (Other asks for it in words); nothing is deleted, and it can be reopened. */
export function CloseEnquiryForm({ record, onClosed, onCancel }: CloseEnquiryFormProps) {
  const toast = useToast();
  const closeVisiting = useCloseEnquiry();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CloseValues, unknown, z.output<typeof closeEnquiryRequest>>({ resolver, defaultValues });
  const reason = useWatch({ control, name: 'reason' });
  const bind = fieldBinder(register, errors);

  const onSubmit = handleSubmit((body) =>
    closeVisiting.mutate(
      { id: record.id, body },
      {
        onSuccess: (response) => {
          toast.success(response.message);
          onClosed(response.data);
        },
        onError: (error) =>
          showFormError(error, {
            setError,
            isField: isFormField,
            toastError: toast.error,
            fallback: messages.somethingWentWrong,
          }),
      },
    ),
  );

  return (
    <FormCard
      id="close-enquiry"
      title={`Close the enquiry of ${record.studentName}`}
      onSubmit={onSubmit}
      submitLabel="Close enquiry"
      isSubmitting={closeVisiting.isPending}
      onCancel={onCancel}
    >
      <Select label="Reason" options={reasonOptions} required {...bind('reason')} />
      <Input
        label={reason === OTHER_REASON ? 'Why' : 'Note (optional)'}
        autoComplete="off"
        required={reason === OTHER_REASON}
        {...bind('note')}
      />
    </FormCard>
  );
}
