import { indianToday } from '@app/domain/dates.rules';
import { genders } from '@app/domain/visiting.schemas';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { asOptions, type BindField, choose } from './field-binding';
import { FormSection } from './form-section';

export type PersonalField = 'studentName' | 'gender' | 'dob' | 'motherName' | 'address' | 'pincode';

const genderOptions = [choose('Select gender'), ...asOptions(genders)];

/** Personal Details of a student: name, gender, date of birth, mother's name, address, pincode. */
export function PersonalFields({
  bind,
  isMotherNameRequired,
}: {
  bind: BindField<PersonalField>;
  /** The registration needs it; an enquiry does not. */
  isMotherNameRequired: boolean;
}) {
  return (
    <FormSection title="Personal Details">
      <Input label="Student Name" autoComplete="off" required fieldClassName="sm:col-span-2" {...bind('studentName')} />
      <Select label="Gender" options={genderOptions} required {...bind('gender')} />
      <Input label="Date of Birth" type="date" max={indianToday()} required {...bind('dob')} />
      <Input
        label="Mother Name"
        autoComplete="off"
        required={isMotherNameRequired}
        hint={isMotherNameRequired ? undefined : 'Optional'}
        fieldClassName="sm:col-span-2"
        {...bind('motherName')}
      />
      <Textarea
        label="Address"
        rows={3}
        required
        fieldClassName="sm:col-span-2"
        className="min-h-20"
        {...bind('address')}
      />
      <Input label="Pincode" inputMode="numeric" maxLength={6} autoComplete="off" required {...bind('pincode')} />
    </FormSection>
  );
}
