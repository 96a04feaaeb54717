import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, Field, type FieldOwnProps, useFieldControl } from './field';

type SelectProps = ComponentProps<'select'> &
  FieldOwnProps & {
    options: readonly { value: string; label: string }[];
    fieldClassName?: string;
  };

export function Select({ label, error, hint, id, options, className, fieldClassName, ...props }: SelectProps) {
  const { controlProps, ...ids } = useFieldControl({ id, error, hint });
  return (
    <Field label={label} error={error} hint={hint} isRequired={props.required} className={fieldClassName} {...ids}>
      <select className={cn(controlClasses, 'pr-8', className)} {...controlProps} {...props}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
