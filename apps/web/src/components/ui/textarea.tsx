import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { controlClasses, Field, type FieldOwnProps, useFieldControl } from './field';

type TextareaProps = ComponentProps<'textarea'> & FieldOwnProps & { fieldClassName?: string };

export function Textarea({ label, error, hint, id, className, fieldClassName, ...props }: TextareaProps) {
  const { controlProps, ...ids } = useFieldControl({ id, error, hint });
  return (
    <Field label={label} error={error} hint={hint} isRequired={props.required} className={fieldClassName} {...ids}>
      <textarea className={cn(controlClasses, 'min-h-28', className)} {...controlProps} {...props} />
    </Field>
  );
}
