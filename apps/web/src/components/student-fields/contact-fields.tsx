import { isPhone, normalisePhone } from '@app/domain/phone.rules';
import { useEffect } from 'react';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { type BindField, choose, type FieldBinding } from './field-binding';
import { FormSection } from './form-section';

export type ContactField = 'email' | 'studentNo' | 'parentsNo';
type PhoneField = 'studentNo' | 'parentsNo';

type Option = { value: string; label: string };

/** One number picked from the two above; cleared once it matches neither. */
function NumberChoice({
  label,
  value,
  options,
  isWide,
  binding,
  onStale,
}: {
  label: string;
  value: string;
  options: Option[];
  isWide: boolean;
  binding: FieldBinding;
  onStale: () => void;
}) {
  const isStale = value !== '' && !options.some((option) => option.value === value);
  useEffect(() => {
    if (isStale) onStale();
  }, [isStale, onStale]);
  return (
    <Select
      label={label}
      options={[choose(options.length ? 'Select number' : 'Enter the numbers first'), ...options]}
      required
      fieldClassName={isWide ? 'sm:col-span-2' : undefined}
      {...binding}
    />
  );
}

/**
 * Contact Details: email, the student's and the parent's numbers, and the numbers chosen from those
 * two (SPEC §5: notification number; the registration also has the app number). Numbers typed as
 * '+91 98220 12345' or '098220-12345' become their 10 digits when the field is left.
 */
export function ContactFields<Choice extends string>({
  bind,
  studentNo,
  parentsNo,
  choices,
  onChange,
}: {
  bind: BindField<ContactField | Choice>;
  studentNo: string;
  parentsNo: string;
  /** The fields picked from the two numbers, each with its label and current value. */
  choices: { field: Choice; label: string; value: string }[];
  /** Sets a field's value (a normalised number, or '' for a stale choice). */
  onChange: (field: PhoneField | Choice, value: string) => void;
}) {
  const numbers = [
    { value: normalisePhone(studentNo), label: `${normalisePhone(studentNo)} (Student)` },
    { value: normalisePhone(parentsNo), label: `${normalisePhone(parentsNo)} (Parent)` },
  ].filter(
    (option, index, all) => isPhone(option.value) && all.findIndex((other) => other.value === option.value) === index,
  );

  const phoneInput = (field: PhoneField, label: string) => {
    const binding = bind(field);
    return (
      <Input
        label={label}
        type="tel"
        inputMode="tel"
        autoComplete="off"
        required
        hint="10 digits; +91 or a leading 0 is fine"
        {...binding}
        onBlur={async (event) => {
          await binding.onBlur(event);
          const normalised = normalisePhone(event.target.value);
          if (normalised !== event.target.value && isPhone(normalised)) onChange(field, normalised);
        }}
      />
    );
  };

  return (
    <FormSection title="Contact Details">
      <Input
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="off"
        required
        fieldClassName="sm:col-span-2"
        {...bind('email')}
      />
      {phoneInput('studentNo', 'Student Number')}
      {phoneInput('parentsNo', 'Parent Number')}
      {choices.map((choice) => (
        <NumberChoice
          key={choice.field}
          label={choice.label}
          value={choice.value}
          options={numbers}
          isWide={choices.length === 1}
          binding={bind(choice.field)}
          onStale={() => onChange(choice.field, '')}
        />
      ))}
    </FormSection>
  );
}
