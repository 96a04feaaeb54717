import { type Control, useController } from 'react-hook-form';
import { useCentres } from '@/api/get-centres';
import { ExamCentreCombobox } from '@/components/exam-centre-combobox';

/** A form that holds the student's exam centre ('{centerId}-{centerName}', or '' while none is chosen). */
type ExamCentreValues = { examCentre: string };

/**
 * The exam centre of a student's form (the registration, Edit Student): the centres from their own
 * request, searchable, full ones disabled; `isClearable` for Edit Student's 'Select Exam Centre' and ×.
 */
export function ExamCentreField<Values extends ExamCentreValues, Output>({
  control,
  isClearable = false,
}: {
  control: Control<Values, unknown, Output>;
  isClearable?: boolean;
}) {
  const centres = useCentres();
  const { field, fieldState } = useController({
    control: control as unknown as Control<ExamCentreValues>,
    name: 'examCentre',
  });
  return (
    <ExamCentreCombobox
      name={field.name}
      centres={centres.data ?? []}
      isLoading={centres.isPending}
      isError={centres.isError}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      isClearable={isClearable}
    />
  );
}
