import { demoAnswers, OTHER_REASON, visitingReasons, visitSources } from '@app/domain/visiting.schemas';
import { useCallback } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { ContactFields } from '@/components/student-fields/contact-fields';
import { EducationalFields } from '@/components/student-fields/educational-fields';
import { asOptions, choose } from '@/components/student-fields/field-binding';
import { FormSection } from '@/components/student-fields/form-section';
import { PersonalFields } from '@/components/student-fields/personal-fields';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { fieldBinder } from '@/lib/form-schema';
import type { VisitingFormValues, VisitingRequestOutput } from './visiting-form-values';

const demoOptions = [choose('Select'), ...asOptions(demoAnswers)];
const sourceOptions = asOptions(visitSources);
const reasonOptions = [choose('Select reason'), ...asOptions(visitingReasons), { value: OTHER_REASON, label: 'Other' }];

type VisitingSectionsProps = {
  form: UseFormReturn<VisitingFormValues, unknown, VisitingRequestOutput>;
  /** Two columns from this width up: the page's large screens, or a wide modal's. */
  columnsClassName?: string;
};

/** SPEC §2 Student Visiting Form's four sections: personal, educational, contact and additional details. */
export function VisitingSections({ form, columnsClassName = 'lg:grid-cols-2' }: VisitingSectionsProps) {
  const {
    register,
    control,
    setValue,
    formState: { errors },
  } = form;
  const [standard, reason, studentNo, parentsNo, notificationNo] = useWatch({
    control,
    name: ['standard', 'reason', 'studentNo', 'parentsNo', 'notificationNo'],
  });
  const bind = fieldBinder(register, errors);
  const setField = useCallback(
    (name: keyof VisitingFormValues, value: string) => setValue(name, value, { shouldValidate: true }),
    [setValue],
  );

  return (
    <div className={`grid items-start gap-4 ${columnsClassName}`}>
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
        <Select label="Source" options={sourceOptions} {...bind('source')} />
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
  );
}
