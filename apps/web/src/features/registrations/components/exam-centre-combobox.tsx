import type { ExamCentre } from '@app/domain/centres.schemas';
import { type KeyboardEvent, useId, useState } from 'react';
import { controlClasses, Field } from '@/components/ui/field';
import { cn } from '@/lib/cn';

const PLACEHOLDER = 'Select Exam Centre';
const NONE_FOUND = 'No exam centres found';

/** The value the registration stores for a centre (SPEC §3): '{centerId}-{centerName}'. */
export function examCentreValue(centre: Pick<ExamCentre, 'centerId' | 'centerName'>): string {
  return `${centre.centerId}-${centre.centerName}`;
}

export function seatsLeft(centre: ExamCentre): number {
  return Math.max(0, centre.capicity - centre.registeredCount);
}

type Option = { value: string; label: string; detail: string; isFull: boolean };

function toOption(centre: ExamCentre): Option {
  const left = seatsLeft(centre);
  return {
    value: examCentreValue(centre),
    label: centre.centerName,
    detail: `${centre.collegeName} · ${left === 0 ? 'Full' : `${left} ${left === 1 ? 'seat' : 'seats'} left`}`,
    isFull: left === 0,
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
};

/**
 * SPEC §2 Registration Form: the exam centre, searchable by centre or college name, with the
 * seats left; full centres cannot be chosen. An ARIA combobox: type to narrow, arrows to move,
 * Enter to choose, Escape to close.
 */
export function ExamCentreCombobox({
  centres,
  value,
  onChange,
  onBlur,
  isLoading = false,
  isError = false,
  error,
  name,
}: ExamCentreComboboxProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [isOpen, setIsOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);

  const all = centres.map(toOption);
  const selected = all.find((option) => option.value === value);
  const needle = query.trim().toLowerCase();
  const options = all.filter((option) => `${option.label} ${option.detail}`.toLowerCase().includes(needle));
  const activeIndex = Math.min(active, options.length - 1);

  const open = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        all.findIndex((option) => option.value === value),
      ),
    );
    setIsOpen(true);
  };
  const close = () => {
    setIsOpen(false);
    setQuery('');
    onBlur?.();
  };
  const choose = (option: Option) => {
    if (option.isFull) return;
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

  const emptyText = isLoading ? 'Loading...' : isError ? 'Failed to load exam centres' : NONE_FOUND;

  return (
    <Field label="Exam Centre" controlId={id} isRequired error={error} errorId={errorId}>
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
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-activedescendant={isOpen && options[activeIndex] ? `${id}-option-${activeIndex}` : undefined}
          placeholder={isOpen ? 'Search centre or college' : PLACEHOLDER}
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
            aria-label="Exam centres"
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {options.map((option, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys (aria-activedescendant)
              <div
                key={option.value}
                id={`${id}-option-${index}`}
                role="option"
                tabIndex={-1}
                aria-selected={option.value === value}
                aria-disabled={option.isFull || undefined}
                // Keep focus in the input so the list stays open until the click lands.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(option)}
                onMouseEnter={() => setActive(index)}
                className={cn(
                  'flex flex-col px-3 py-2',
                  option.isFull ? 'cursor-not-allowed text-slate-400' : 'cursor-pointer',
                  index === activeIndex && !option.isFull && 'bg-brand-50',
                  option.value === value && 'font-semibold text-brand-800',
                )}
              >
                <span>{option.label}</span>
                <span className={cn('text-xs', option.isFull ? 'text-red-500' : 'text-slate-500')}>
                  {option.detail}
                </span>
              </div>
            ))}
            {options.length === 0 && <div className="px-3 py-2.5 text-slate-500">{emptyText}</div>}
          </div>
        )}
      </div>
      {selected && <p className="text-xs text-slate-500">{selected.detail}</p>}
    </Field>
  );
}
