import { type KeyboardEvent, useId, useState } from 'react';
import { controlClasses, Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';

export type ComboboxOption = { value: string; label: string; detail?: string; isDisabled?: boolean };

type ComboboxProps = {
  label: string;
  /** The listbox's accessible name, e.g. 'Counsellors'. */
  listLabel: string;
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** Shown in the closed box when nothing is chosen. */
  placeholder: string;
  /** Shown while typing to search. */
  searchPlaceholder: string;
  /** Shown when no option matches. */
  emptyText: string;
  /** An option listed first while not searching, e.g. 'All Counsellors' with value ''. */
  leadingOption?: ComboboxOption;
  /** Shows an × that clears the choice (sets ''). */
  isClearable?: boolean;
  isRequired?: boolean;
  error?: string | undefined;
  name?: string;
  /** Repeats the chosen option's detail under the box. */
  showSelectedDetail?: boolean;
};

/**
 * A searchable dropdown as an ARIA combobox: type to narrow (label and detail), arrows to move,
 * Enter to choose, Escape to close. Disabled options are listed but cannot be chosen.
 */
export function Combobox({
  label,
  listLabel,
  options: all,
  value,
  onChange,
  onBlur,
  placeholder,
  searchPlaceholder,
  emptyText,
  leadingOption,
  isRequired = false,
  error,
  name,
  showSelectedDetail = false,
  isClearable = false,
}: ComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const selected = [...(leadingOption ? [leadingOption] : []), ...all].find((option) => option.value === value);
  const needle = query.trim().toLowerCase();
  const matches = all.filter((option) => `${option.label} ${option.detail ?? ''}`.toLowerCase().includes(needle));
  const options = !needle && leadingOption ? [leadingOption, ...matches] : matches;
  const activeIndex = Math.min(active, options.length - 1);

  const open = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        options.findIndex((option) => option.value === value),
      ),
    );
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    setQuery('');
    onBlur?.();
  };
  const choose = (option: ComboboxOption) => {
    if (option.isDisabled) return;
    onChange(option.value);
    setIsOpen(false);
    setQuery('');
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
    <Field label={label} controlId={id} isRequired={isRequired} error={error} errorId={errorId}>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-expanded={isOpen}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-required={isRequired || undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-activedescendant={isOpen && options[activeIndex] ? `${id}-option-${activeIndex}` : undefined}
          placeholder={isOpen ? searchPlaceholder : placeholder}
          value={isOpen ? query : (selected?.label ?? '')}
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
        {isClearable && value !== '' && !isOpen ? (
          <button
            type="button"
            aria-label={`Clear ${label}`}
            onClick={() => onChange('')}
            className="absolute top-1/2 right-1 flex size-9 -translate-y-1/2 items-center justify-center rounded-md text-lg text-slate-500 hover:bg-slate-100"
          >
            ×
          </button>
        ) : null}
        <svg
          aria-hidden="true"
          viewBox="0 0 20 20"
          fill="currentColor"
          className={cn(
            'pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-slate-500',
            isClearable && value !== '' && !isOpen && 'hidden',
          )}
        >
          <path d="M5.2 7.2a1 1 0 0 1 1.4 0L10 10.6l3.4-3.4a1 1 0 1 1 1.4 1.4l-4.1 4.1a1 1 0 0 1-1.4 0L5.2 8.6a1 1 0 0 1 0-1.4Z" />
        </svg>
        {isOpen && (
          <div
            id={listId}
            role="listbox"
            aria-label={listLabel}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
              <div
                key={option.value || 'leading'}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                aria-disabled={option.isDisabled || undefined}
                // Keep focus in the input so the list stays open until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex flex-col px-3 py-2',
                  option.isDisabled ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer',
                  index === activeIndex && !option.isDisabled && 'bg-brand-50',
                  option.value === value && 'font-semibold text-brand-800',
                )}
              >
                <span>{option.label}</span>
                {option.detail && (
                  <span className={cn('text-xs', option.isDisabled ? 'text-red-500' : 'text-slate-500')}>
                    {option.detail}
                  </span>
                )}
              </div>
            ))}
            {matches.length === 0 && <div className="px-3 py-2.5 text-slate-500">{emptyText}</div>}
          </div>
        )}
      </div>
      {showSelectedDetail && selected?.detail && <p className="text-xs text-slate-500">{selected.detail}</p>}
    </Field>
  );
}
