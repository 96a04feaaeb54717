import type { FormEventHandler, ReactNode } from 'react';
import { Button } from './button';
import { FormActions } from './form-actions';

type FormCardProps = {
  /** Names the title element (`{id}-title`), which labels the form. */
  id: string;
  title: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting: boolean;
  /** Shown with a Cancel button before the submit button. */
  onCancel?: (() => void) | undefined;
  /** Above the fields, e.g. a draft offer. */
  notice?: ReactNode;
  /** The grid's columns on wide screens (two from small screens up). */
  columnsClassName?: string;
  children: ReactNode;
};

/** The shell of an "add" card (new centre, subject, user): a titled form, its fields in a grid, its buttons. */
export function FormCard({
  id,
  title,
  onSubmit,
  submitLabel,
  isSubmitting,
  onCancel,
  notice,
  columnsClassName = '',
  children,
}: FormCardProps) {
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={`${id}-title`}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={`${id}-title`} className="mb-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {notice && <div className="mb-4">{notice}</div>}
      <div className={`grid gap-4 sm:grid-cols-2 ${columnsClassName}`}>{children}</div>
      <FormActions onCancel={onCancel} className="mt-5">
        <Button type="submit" isLoading={isSubmitting}>
          {submitLabel}
        </Button>
      </FormActions>
    </form>
  );
}
