import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';

/** The look shared by every text input, select and textarea. */
export const controlClasses = cn(
  'block w-full min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm',
  'placeholder:text-slate-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200',
  'disabled:bg-slate-100 disabled:text-slate-500 aria-invalid:border-red-500 aria-invalid:focus:ring-red-100',
);

export type FieldOwnProps = {
  label: string;
  /** Validation message shown under the control. */
  error?: string | undefined;
  hint?: string | undefined;
};

/** Ids and ARIA attributes that tie a control to its label, hint and error. */
export function useFieldControl({ id, error, hint }: { id?: string | undefined } & Omit<FieldOwnProps, 'label'>) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return {
    controlId,
    hintId,
    errorId,
    controlProps: { id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy },
  };
}

type FieldProps = FieldOwnProps & {
  controlId: string;
  hintId?: string | undefined;
  errorId?: string | undefined;
  isRequired?: boolean | undefined;
  className?: string | undefined;
  children: ReactNode;
};

/** A label above its control, then the hint and the error text. */
export function Field({ label, hint, error, controlId, hintId, errorId, isRequired, className, children }: FieldProps) {
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <div className="flex gap-1 text-sm font-medium text-slate-700">
        <label htmlFor={controlId}>{label}</label>
        {isRequired && (
          <span aria-hidden="true" className="text-red-600">
            *
          </span>
        )}
      </div>
      {children}
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
