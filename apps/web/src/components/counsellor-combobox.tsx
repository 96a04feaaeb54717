import { messages } from '@app/domain/messages';
import type { User } from '@app/domain/users.schemas';
import { type KeyboardEvent, useId, useState } from 'react';
import { controlClasses, Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const ALL_LABEL = 'All Counsellors';

type CounsellorComboboxProps = {
  counsellors: readonly User[];
  /** The chosen counsellor's uuid; '' for all. */
  value: string;
  onChange: (uuid: string) => void;
  isLoading?: boolean;
};

type Option = { uuid: string; label: string };

const labelOf = (counsellor: User) =>
  counsellor.branch ? `${counsellor.name} (${counsellor.branch})` : counsellor.name;

/**
 * SPEC §2 Visiting Table: the admin's counsellor dropdown, searchable by name or branch. An ARIA
 * combobox: type to narrow, arrows to move, Enter to choose, Escape to close.
 */
export function CounsellorCombobox({ counsellors, value, onChange, isLoading = false }: CounsellorComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const selected = counsellors.find((counsellor) => counsellor.uuid === value);
  const needle = query.trim().toLowerCase();
  const matches: Option[] = counsellors
    .filter((counsellor) => labelOf(counsellor).toLowerCase().includes(needle))
    .map((counsellor) => ({ uuid: counsellor.uuid, label: labelOf(counsellor) }));
  const options: Option[] = needle ? matches : [{ uuid: '', label: ALL_LABEL }, ...matches];
  const activeIndex = Math.min(active, options.length - 1);

  const open = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        options.findIndex((option) => option.uuid === value),
      ),
    );
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    setQuery('');
  };
  const choose = (option: Option) => {
    onChange(option.uuid);
    close();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!isOpen) return open();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + options.length) % Math.max(options.length, 1));
    } else if (event.key === 'Enter' && isOpen) {
      event.preventDefault();
      const option = options[activeIndex];
      if (option) choose(option);
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      close();
    }
  };

  return (
    <Field label="Counsellor" controlId={id}>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={isOpen && options[activeIndex] ? `${id}-option-${activeIndex}` : undefined}
          placeholder={isOpen ? 'Search counsellor' : ALL_LABEL}
          value={isOpen ? query : selected ? labelOf(selected) : ALL_LABEL}
          onFocus={open}
          onClick={() => !isOpen && open()}
          onBlur={close}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setIsOpen(true);
          }}
          onKeyDown={onKeyDown}
          className={cn(controlClasses, 'pr-9')}
        />
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500"
        >
          <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
        </svg>
        {isOpen && (
          <div
            id={listId}
            role="listbox"
            aria-label="Counsellors"
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-64 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
              <div
                key={option.uuid || 'all'}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={option.uuid === value}
                // Keep focus in the input so the list stays open until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'cursor-pointer px-3 py-2.5',
                  index === activeIndex && 'bg-brand-50',
                  option.uuid === value && 'font-semibold text-brand-800',
                )}
              >
                {option.label}
              </div>
            ))}
            {matches.length === 0 && (
              <div className="px-3 py-2.5 text-slate-500">{isLoading ? 'Loading...' : messages.noCounsellorsFound}</div>
            )}
          </div>
        )}
      </div>
    </Field>
  );
}
