import {
  branchesOf,
  branchKindOf,
  examYearOf,
  isStandard,
  previousYearOf,
  type SessionYears,
  standards,
} from '@app/domain/standards.rules';
import { Input, percentInput, ReadOnlyInput } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { asOptions, type BindField, choose } from './field-binding';
import { FormSection } from './form-section';

export type EducationalField = 'standard' | 'branch' | 'schoolCollege';

export const standardOptions = [choose('Select standard'), ...asOptions(standards)];

/**
 * Educational Details: standard, the previous year it implies, medium or group, school, last
 * year's percentage (named `preYearPercent` by the registration, `previousYearPercent` by an enquiry)
 * and, for a registration, the exam year.
 */
export function EducationalFields<Percent extends string>({
  bind,
  percentField,
  standard,
  onStandardChange,
  showExamYear = false,
  examYears,
}: {
  bind: BindField<EducationalField | Percent>;
  percentField: Percent;
  /** The standard as chosen now ('' before a choice). */
  standard: string;
  /** SPEC §4 Standard selection: the form starts the branch over (and may set more, e.g. the fee). */
  onStandardChange: (standard: string) => void;
  showExamYear?: boolean;
  /** The exam years the session open for registration gives (from the server); the exam year shows from them. */
  examYears?: SessionYears | undefined;
}) {
  const chosen = isStandard(standard) ? standard : null;
  let branchLabel = 'Medium or Group';
  if (chosen) branchLabel = branchKindOf(chosen) === 'medium' ? 'Medium' : 'Group';
  const branchOptions = chosen
    ? [choose(`Select ${branchLabel.toLowerCase()}`), ...asOptions(branchesOf(chosen))]
    : [choose('Select standard first')];
  const standardField = bind('standard');

  return (
    <FormSection title="Educational Details">
      <Select
        label="Standard"
        options={standardOptions}
        required
        {...standardField}
        onChange={async (event) => {
          await standardField.onChange(event);
          onStandardChange(event.target.value);
        }}
      />
      <ReadOnlyInput
        label="Previous Year"
        isComputed
        value={chosen ? previousYearOf(chosen) : ''}
        placeholder="From the standard"
      />
      <Select label={branchLabel} options={branchOptions} disabled={!chosen} required {...bind('branch')} />
      <Input label="School / College" autoComplete="off" required {...bind('schoolCollege')} />
      <Input label="Previous Year Percentage" {...percentInput} required {...bind(percentField)} />
      {showExamYear && (
        <ReadOnlyInput
          label="Exam Year"
          isComputed
          value={chosen && examYears ? String(examYearOf(chosen, examYears)) : ''}
          placeholder="From the standard and the exam session"
        />
      )}
    </FormSection>
  );
}
