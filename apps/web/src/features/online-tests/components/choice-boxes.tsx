import type { ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { checkboxClasses } from '@/components/ui/checkbox';
import { cn } from '@/lib/cn';
import { ListError } from './field-rows';

/**
 * A form field that holds several values: a legend, one checkbox a choice (its label a name, never a
 * code), a line when there is nothing to choose, and the field's message.
 */
export function ChoiceBoxes({
  legend,
  required,
  hint,
  choices,
  empty,
  registration,
  error,
  className,
}: {
  legend: string;
  required?: boolean;
  hint?: string;
  choices: { value: string; label: ReactNode }[];
  /** Shown instead of the boxes when there are no choices. */
  empty?: string;
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  className?: string;
}) {
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-1', className)} aria-invalid={error ? true : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">
        {legend}
        {required ? (
          <span aria-hidden="true" className="text-red-600">
            {' *'}
          </span>
        ) : null}
      </legend>
      {hint ? <p className="text-xs text-slate-600">{hint}</p> : null}
      {choices.length === 0 && empty ? <p className="text-sm text-slate-600">{empty}</p> : null}
      <div className="flex flex-wrap gap-x-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className={checkboxClasses} value={choice.value} {...registration} />
            {choice.label}
          </label>
        ))}
      </div>
      <ListError error={error} />
    </fieldset>
  );
}

/**
 * The values ticked in a group of checkboxes: react-hook-form holds an array while the group has several
 * boxes, but one box's value alone (or false) when it has only one.
 */
export function ticked(value: readonly string[] | string | boolean | null | undefined): string[] {
  if (Array.isArray(value)) return [...value];
  return typeof value === 'string' && value !== '' ? [value] : [];
}
