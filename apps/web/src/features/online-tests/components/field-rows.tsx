import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';

/**
 * A list of like rows in a form (a question's options, a test's draw rules): the legend, each row in a
 * ring with its own Remove, one Add button under them, and the list's message.
 */
export function FieldRows({
  legend,
  rows,
  rowClassName,
  renderRow,
  canRemove = true,
  onRemove,
  addLabel,
  canAdd = true,
  onAdd,
  error,
  className,
  children,
}: {
  legend: ReactNode;
  rows: { id: string }[];
  /** The grid of a row's fields on wide screens. */
  rowClassName: string;
  renderRow: (index: number) => ReactNode;
  canRemove?: boolean;
  onRemove: (index: number) => void;
  addLabel: string;
  canAdd?: boolean;
  onAdd: () => void;
  error: string | undefined;
  className?: string;
  /** Shown under the legend, before the rows. */
  children?: ReactNode;
}) {
  return (
    <fieldset className={cn('flex min-w-0 flex-col gap-3', className)}>
      <legend className="mb-1 text-sm font-semibold text-slate-900">{legend}</legend>
      {children}
      {rows.map((row, index) => (
        <div key={row.id} className={cn('grid gap-2 rounded-lg p-3 ring-1 ring-slate-200', rowClassName)}>
          {renderRow(index)}
          <Button
            variant="secondary"
            size="sm"
            className="self-end"
            disabled={!canRemove}
            onClick={() => onRemove(index)}
          >
            Remove
          </Button>
        </div>
      ))}
      <div>
        <Button variant="secondary" size="sm" disabled={!canAdd} onClick={onAdd}>
          {addLabel}
        </Button>
      </div>
      <ListError error={error} />
    </fieldset>
  );
}

/** A list field's message (a group of rows or of checkboxes), read out when it appears. */
export function ListError({ error }: { error?: string | undefined }) {
  return error ? (
    <p role="alert" className="text-sm text-red-600">
      {error}
    </p>
  ) : null;
}

/** The message of a list field: on the list itself, or on its root. */
export const listError = (error?: { message?: string | undefined; root?: { message?: string | undefined } }) =>
  error?.message ?? error?.root?.message;
