import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export const checkboxClasses = 'size-5 rounded border-slate-300 text-brand-600 focus:ring-brand-200';

/** A checkbox with its label beside it, a full touch target high. */
export function Checkbox({
  checked,
  onChange,
  children,
  className,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <label className={cn('flex min-h-11 items-center gap-2 text-slate-800', className)}>
      <input
        type="checkbox"
        className={checkboxClasses}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      {children}
    </label>
  );
}
