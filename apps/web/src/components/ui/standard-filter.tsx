import { type Standard, standards } from '@app/domain/standards.rules';
import { Select } from './select';

const options = [
  { value: '', label: 'All Standards' },
  ...standards.map((standard) => ({ value: standard, label: standard })),
];

const isStandard = (value: string): value is Standard => (standards as readonly string[]).includes(value);

/** The Standard filter of a list: one of SPEC §9's standards, or '' for all. */
export function StandardFilter({
  value,
  onChange,
}: {
  value: Standard | '';
  onChange: (value: Standard | '') => void;
}) {
  return (
    <Select
      label="Standard"
      options={options}
      value={value}
      onChange={(event) => onChange(isStandard(event.target.value) ? event.target.value : '')}
    />
  );
}
