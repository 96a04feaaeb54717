import type { ExamCentre } from '@app/domain/centres.schemas';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';

const PLACEHOLDER = 'Select Exam Centre';
const NONE_FOUND = 'No exam centres found';

/** The value the registration stores for a centre (SPEC §3): '{centerId}-{centerName}'. */
export function examCentreValue(centre: Pick<ExamCentre, 'centerId' | 'centerName'>): string {
  return `${centre.centerId}-${centre.centerName}`;
}

/** Free seats at a centre, or null when it has no seat limit. */
export function seatsLeft(centre: ExamCentre): number | null {
  return centre.capicity === null ? null : Math.max(0, centre.capicity - centre.registeredCount);
}

function seatsText(left: number | null): string {
  if (left === null) return 'No seat limit';
  if (left === 0) return 'Full';
  return `${left} ${left === 1 ? 'seat' : 'seats'} left`;
}

function toOption(centre: ExamCentre): ComboboxOption {
  const left = seatsLeft(centre);
  return {
    value: examCentreValue(centre),
    label: centre.centerName,
    detail: `${centre.collegeName} · ${seatsText(left)}`,
    isDisabled: left === 0,
  };
}

type ExamCentreComboboxProps = {
  centres: readonly ExamCentre[];
  /** '{centerId}-{centerName}', or '' while none is chosen. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  isLoading?: boolean;
  isError?: boolean;
  error?: string | undefined;
  name?: string;
  /** Edit Student (SPEC §2): the first option 'Select Exam Centre' and an × clear the choice. */
  isClearable?: boolean;
};

/**
 * SPEC §2 Registration Form: the exam centre, searchable by centre or college name, with the
 * seats left; full centres cannot be chosen.
 */
export function ExamCentreCombobox({
  centres,
  isLoading = false,
  isError = false,
  isClearable = false,
  ...field
}: ExamCentreComboboxProps) {
  return (
    <Combobox
      {...field}
      label="Exam Centre"
      listLabel="Exam centres"
      options={centres.map(toOption)}
      placeholder={PLACEHOLDER}
      searchPlaceholder="Search centre or college"
      emptyText={isLoading ? 'Loading...' : isError ? 'Failed to load exam centres' : NONE_FOUND}
      isRequired
      showSelectedDetail
      {...(isClearable ? { isClearable, leadingOption: { value: '', label: PLACEHOLDER } } : {})}
    />
  );
}
