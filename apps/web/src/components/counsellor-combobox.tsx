import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { Combobox } from '@/components/ui/combobox';

const ALL_LABEL = 'All Counsellors';

type CounsellorComboboxProps = {
  counsellors: readonly User[];
  /** The chosen counsellor's uuid; '' for all. */
  value: string;
  onChange: (uuid: string) => void;
  isLoading?: boolean;
};

/** SPEC §2 Visiting Table: the admin's counsellor dropdown, searchable by name or branch. */
export function CounsellorCombobox({ counsellors, value, onChange, isLoading = false }: CounsellorComboboxProps) {
  return (
    <Combobox
      label="Counsellor"
      listLabel="Counsellors"
      options={counsellors.map((counsellor) => ({
        value: counsellor.uuid,
        label: counsellor.branch ? `${counsellor.name} (${counsellor.branch})` : counsellor.name,
      }))}
      value={value}
      onChange={onChange}
      placeholder={ALL_LABEL}
      searchPlaceholder="Search counsellor"
      emptyText={isLoading ? 'Loading...' : messages.noCounsellorsFound}
      leadingOption={{ value: '', label: ALL_LABEL }}
    />
  );
}
