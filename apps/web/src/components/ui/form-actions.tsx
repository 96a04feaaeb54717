import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * The buttons that end a form or a dialog: the way back ('Cancel', or 'Back' / 'Close' where that is the
 * word) and then the action, side by side on the right from 640 px; on a phone stacked, the action on top.
 */
export function FormActions({
  onCancel,
  cancelLabel = 'Cancel',
  className,
  children,
}: {
  /** Without it, only the action. */
  onCancel?: (() => void) | undefined;
  cancelLabel?: string;
  className?: string;
  /** The action button(s). */
  children: ReactNode;
}) {
  return (
    <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      {onCancel && (
        <Button variant="secondary" onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      {children}
    </div>
  );
}
