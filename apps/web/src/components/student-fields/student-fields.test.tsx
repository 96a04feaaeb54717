import { branchesOf } from '@app/domain/standards.rules';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useCallback } from 'react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactFields } from './contact-fields';
import { EducationalFields } from './educational-fields';
import { PersonalFields } from './personal-fields';
import { emptyStudentValues, type StudentFormValues } from './student-values';

/**
 * A form that holds the three shared sections the way the registration, enquiry and edit forms do:
 * react-hook-form's `register` lent through `bind`, the watched values handed back to the sections.
 */
function StudentForm({
  isMotherNameRequired = true,
  showExamYear = false,
  errors = {},
  onStandardChange = () => {},
}: {
  isMotherNameRequired?: boolean;
  showExamYear?: boolean;
  errors?: Partial<Record<keyof StudentFormValues, string>>;
  onStandardChange?: (standard: string) => void;
}) {
  const { register, watch, setValue } = useForm<StudentFormValues>({ defaultValues: emptyStudentValues });
  const bind = (name: keyof StudentFormValues) => ({ ...register(name), error: errors[name] });
  const setField = useCallback(
    (name: keyof StudentFormValues, value: string) => setValue(name, value, { shouldValidate: true }),
    [setValue],
  );
  return (
    <form aria-label="Student">
      <PersonalFields bind={bind} isMotherNameRequired={isMotherNameRequired} />
      <EducationalFields
        bind={bind}
        percentField="preYearPercent"
        standard={watch('standard')}
        onStandardChange={(standard) => {
          setValue('branch', '');
          onStandardChange(standard);
        }}
        showExamYear={showExamYear}
        // The exam session open for registration gives the exam years (from the server), never the date.
        examYears={{ examYear: 2030, twoYearExamYear: 2031 }}
      />
      <ContactFields
        bind={bind}
        studentNo={watch('studentNo')}
        parentsNo={watch('parentsNo')}
        choices={[{ field: 'notificationNo', label: 'Notification Number', value: watch('notificationNo') }]}
        onChange={setField}
      />
      {/* What the form itself holds, beyond what the select shows. */}
      <output aria-label="Notification number held">{watch('notificationNo')}</output>
    </form>
  );
}

const section = (name: string) => within(screen.getByRole('region', { name }));
const optionLabels = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);

afterEach(() => cleanup());

describe('Personal Details', () => {
  it('asks for every field, the mother name only where the form needs it', () => {
    const { unmount } = render(<StudentForm />);
    const personal = section('Personal Details');
    for (const label of ['Student Name', 'Gender', 'Date of Birth', 'Mother Name', 'Address', 'Pincode']) {
      expect(personal.getByLabelText(label).hasAttribute('required'), label).toBe(true);
    }
    unmount();

    render(<StudentForm isMotherNameRequired={false} />);
    const mother = section('Personal Details').getByLabelText('Mother Name');
    expect(mother.hasAttribute('required')).toBe(false);
    expect(section('Personal Details').getByText('Optional')).toBeTruthy();
  });

  it("shows a field's message under it and marks the field invalid", () => {
    render(<StudentForm errors={{ pincode: 'Enter a 6-digit pincode' }} />);
    const pincode = section('Personal Details').getByLabelText('Pincode');
    expect(pincode.getAttribute('aria-invalid')).toBe('true');
    const message = screen.getByText('Enter a 6-digit pincode');
    expect(pincode.getAttribute('aria-describedby')).toContain(message.id);
    expect(section('Personal Details').getByLabelText('Student Name').hasAttribute('aria-invalid')).toBe(false);
  });
});

describe('Educational Details', () => {
  it('waits for the standard before offering a medium or group', async () => {
    const onStandardChange = vi.fn();
    render(<StudentForm showExamYear onStandardChange={onStandardChange} />);
    const educational = section('Educational Details');
    const branch = educational.getByLabelText('Medium or Group');
    expect(branch.hasAttribute('disabled')).toBe(true);
    expect(optionLabels(branch)).toEqual(['Select standard first']);

    await userEvent.selectOptions(educational.getByLabelText('Standard'), '12th');
    expect(onStandardChange).toHaveBeenCalledWith('12th');
    const group = educational.getByLabelText('Group');
    expect(group.hasAttribute('disabled')).toBe(false);
    expect(optionLabels(group)).toEqual(['Select group', ...branchesOf('12th')]);
    expect(educational.getByLabelText<HTMLInputElement>('Previous Year').value).toBe('11th');
    expect(educational.getByLabelText<HTMLInputElement>('Exam Year').value).toBe('2030');
    await userEvent.selectOptions(educational.getByLabelText('Standard'), '11th+12th');
    expect(educational.getByLabelText<HTMLInputElement>('Exam Year').value).toBe('2031');

    await userEvent.selectOptions(educational.getByLabelText('Standard'), '10th');
    expect(optionLabels(educational.getByLabelText('Medium'))).toEqual(['Select medium', ...branchesOf('10th')]);
    expect(educational.getByLabelText<HTMLInputElement>('Previous Year').value).toBe('9th');
  });

  it('has no exam year unless the form asks for one', () => {
    render(<StudentForm />);
    expect(section('Educational Details').queryByLabelText('Exam Year')).toBeNull();
  });
});

describe('Contact Details', () => {
  it('keeps ten digits of a number typed with +91 or a leading 0, once the field is left', async () => {
    render(<StudentForm />);
    const contact = section('Contact Details');
    const studentNo = contact.getByLabelText<HTMLInputElement>('Student Number');
    await userEvent.type(studentNo, '+91 98220 12345');
    await userEvent.tab();
    expect(studentNo.value).toBe('9822012345');
    const parentsNo = contact.getByLabelText<HTMLInputElement>('Parent Number');
    await userEvent.type(parentsNo, '098220-54321');
    await userEvent.tab();
    expect(parentsNo.value).toBe('9822054321');
  });

  it('offers the two numbers to choose from, once each, and clears a choice that no longer matches', async () => {
    render(<StudentForm />);
    const contact = section('Contact Details');
    const choice = contact.getByLabelText<HTMLSelectElement>('Notification Number');
    expect(optionLabels(choice)).toEqual(['Enter the numbers first']);

    await userEvent.type(contact.getByLabelText('Student Number'), '9822012345');
    await userEvent.type(contact.getByLabelText('Parent Number'), '9822012345');
    expect(optionLabels(choice)).toEqual(['Select number', '9822012345 (Student)']);

    await userEvent.clear(contact.getByLabelText('Parent Number'));
    await userEvent.type(contact.getByLabelText('Parent Number'), '9822054321');
    expect(optionLabels(choice)).toEqual(['Select number', '9822012345 (Student)', '9822054321 (Parent)']);
    await userEvent.selectOptions(choice, '9822054321');
    const held = screen.getByRole('status', { name: 'Notification number held' });
    expect(held.textContent).toBe('9822054321');

    // The parent's number changes: the choice pointed at the old one, so it is cleared.
    await userEvent.clear(contact.getByLabelText('Parent Number'));
    await userEvent.type(contact.getByLabelText('Parent Number'), '9822099999');
    expect(choice.value).toBe('');
    expect(held.textContent).toBe('');
  });
});
