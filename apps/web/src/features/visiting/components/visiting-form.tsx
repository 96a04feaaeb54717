import { messages } from '@app/domain/messages';
import {
  demoAnswers,
  OTHER_REASON,
  type VisitingRequest,
  visitingReasons,
  visitingRequest,
} from '@app/domain/visiting.schemas';
import { useCallback } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { DRAFT_LOADED, DraftOffer } from '@/components/draft-offer';
import { ContactFields } from '@/components/student-fields/contact-fields';
import { EducationalFields } from '@/components/student-fields/educational-fields';
import { asOptions, choose } from '@/components/student-fields/field-binding';
import { FormSection } from '@/components/student-fields/form-section';
import { PersonalFields } from '@/components/student-fields/personal-fields';
import { emptyStudentValues, type StudentFormValues } from '@/components/student-fields/student-values';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useToast } from '@/components/ui/toast';
import { paths } from '@/config/paths';
import { draftKeys, useFormDraft } from '@/lib/form-draft';
import { showFormError } from '@/lib/form-errors';
import { type FormText, fieldBinder, formResolver } from '@/lib/form-schema';
import { useCreateVisiting } from '../api/create-visiting';

type VisitingRequestOutput = z.output<typeof visitingRequest>;

/** What the inputs hold: all text, as the browser gives it. */
type VisitingFormValues = Omit<StudentFormValues, 'preYearPercent' | 'appNo'> &
  FormText<typeof visitingRequest, 'previousYearPercent' | 'demoGiven' | 'reason' | 'otherReason'>;

const { preYearPercent: _, appNo: __, ...studentDefaults } = emptyStudentValues;
const defaultValues: VisitingFormValues = {
  ...studentDefaults,
  previousYearPercent: '',
  demoGiven: '',
  reason: '',
  otherReason: '',
};

const demoOptions = [choose('Select'), ...asOptions(demoAnswers)];
const reasonOptions = [choose('Select reason'), ...asOptions(visitingReasons), { value: OTHER_REASON, label: 'Other' }];

function isFormField(path: string): path is keyof VisitingFormValues {
  return path in defaultValues;
}

/** The shared request schema checks the text values; each field shows its first message. */
const resolver = formResolver<VisitingFormValues, typeof visitingRequest>(visitingRequest);

/**
 * The request body: the parsed fields (typed by the schema), with the reason as chosen, so the
 * server derives the previous year and the final reason itself.
 */
function toBody(values: VisitingFormValues, valid: VisitingRequestOutput): VisitingRequest {
  const { previousYear, reason, motherName, ...fields } = valid;
  return {
    ...fields,
    reason: values.reason,
    ...(values.reason === OTHER_REASON ? { otherReason: values.otherReason } : {}),
    ...(values.motherName.trim() ? { motherName } : {}),
  };
}

/**
 * SPEC §2 Student Visiting Form: personal, educational, contact and additional details, validated
 * live and on submit with the shared `visitingRequest` schema.
 */
export function VisitingForm() {
  const toast = useToast();
  const navigate = useNavigate();
  const createVisiting = useCreateVisiting();
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    reset,
    watch,
    formState: { errors },
  } = useForm<VisitingFormValues, unknown, VisitingRequestOutput>({
    resolver,
    mode: 'onChange',
    defaultValues,
  });
  const draft = useFormDraft({ key: draftKeys.visiting, watch });

  const loadDraft = () => {
    const found = draft.take();
    if (!found) return;
    reset({ ...defaultValues, ...Object.fromEntries(Object.entries(found).filter(([key]) => isFormField(key))) });
    toast.success(DRAFT_LOADED);
  };

  const [standard, reason, studentNo, parentsNo, notificationNo] = useWatch({
    control,
    name: ['standard', 'reason', 'studentNo', 'parentsNo', 'notificationNo'],
  });
  const bind = fieldBinder(register, errors);
  const setField = useCallback(
    (name: keyof VisitingFormValues, value: string) => setValue(name, value, { shouldValidate: true }),
    [setValue],
  );

  const onSubmit = handleSubmit((valid) =>
    createVisiting.mutate(toBody(getValues(), valid), {
      onSuccess: async (response) => {
        draft.finish();
        toast.success(response.message);
        await navigate(paths.dashboard.section.getHref('visitingtable'));
      },
      onError: (error) =>
        showFormError(error, {
          setError,
          isField: isFormField,
          toastError: toast.error,
          fallback: messages.visitingSubmitError,
        }),
    }),
  );

  return (
    <div className="flex flex-col gap-4">
      {draft.offer && <DraftOffer onLoad={loadDraft} onDismiss={draft.dismiss} />}
      <form onSubmit={onSubmit} noValidate aria-label="Visiting Form" className="flex flex-col gap-4">
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <PersonalFields bind={bind} isMotherNameRequired={false} />
          <EducationalFields
            bind={bind}
            percentField="previousYearPercent"
            standard={standard}
            // SPEC §4 Standard selection: a new standard offers other branches, so the choice starts over.
            onStandardChange={() => setValue('branch', '')}
          />
          <ContactFields
            bind={bind}
            studentNo={studentNo}
            parentsNo={parentsNo}
            choices={[{ field: 'notificationNo', label: 'Notification Number', value: notificationNo }]}
            onChange={setField}
          />

          <FormSection title="Additional Details">
            <Select label="Demo Given" options={demoOptions} required {...bind('demoGiven')} />
            <Select
              label="Reason"
              options={reasonOptions}
              required
              fieldClassName="sm:col-span-2"
              error={errors.reason?.message}
              {...register('reason', {
                // SPEC §4 Visiting reason: any choice but Other drops the written reason.
                onChange: (event) => {
                  if (event.target.value !== OTHER_REASON) setValue('otherReason', '');
                },
              })}
            />
            {reason === OTHER_REASON && (
              <Input
                label="Other Reason"
                autoComplete="off"
                required
                fieldClassName="sm:col-span-2"
                {...bind('otherReason')}
              />
            )}
          </FormSection>
        </div>

        <div className="flex sm:justify-end">
          <Button type="submit" className="w-full sm:w-auto sm:min-w-40" isLoading={createVisiting.isPending}>
            Submit
          </Button>
        </div>
      </form>
    </div>
  );
}
