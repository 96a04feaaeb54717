import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, Field, type FieldOwnProps, useFieldControl } from './field';

type InputProps = ComponentProps<'input'> & FieldOwnProps & { fieldClassName?: string };

export function Input({ label, error, hint, id, className, fieldClassName, ...props }: InputProps) {
  const { controlProps, ...ids } = useFieldControl({ id, error, hint });
  return (
    <Field label={label} error={error} hint={hint} isRequired={props.required} className={fieldClassName} {...ids}>
      <input className={cn(controlClasses, className)} {...controlProps} {...props} />
    </Field>
  );
}

/** An amount of rupees: a number, 0 or more, in whole paise. */
export const rupeesInput = { type: 'number', inputMode: 'decimal', min: 0, step: 0.01 } as const;

/** A percentage: 0 to 100, to 0.01. */
export const percentInput = { ...rupeesInput, max: 100 } as const;

/**
 * A value the form shows but the user does not type: the student's standard on Edit Student, or
 * (`isComputed`) one the form works out from other fields, such as the amount remaining, which Tab skips.
 */
export function ReadOnlyInput({
  isComputed = false,
  ...props
}: Omit<InputProps, 'readOnly' | 'className' | 'tabIndex'> & { isComputed?: boolean }) {
  return <Input readOnly tabIndex={isComputed ? -1 : undefined} className="bg-slate-50" {...props} />;
}
