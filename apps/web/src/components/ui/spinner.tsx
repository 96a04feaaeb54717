import { cn } from '@/lib/cn';

type SpinnerProps = {
  className?: string;
  /** Announced to screen readers; without it the spinner is decorative (e.g. inside a labelled button). */
  label?: string;
};

export function Spinner({ className, label }: SpinnerProps) {
  const circle = (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block size-4 animate-spin rounded-full border-2 border-current border-r-transparent',
        className,
      )}
    />
  );
  if (!label) return circle;
  return (
    <span role="status" className="inline-flex items-center gap-2">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** A page-sized loading state (lazy pages, first loads). */
export function PageSpinner() {
  return (
    <div className="grid min-h-[50vh] place-items-center text-brand-700">
      <Spinner label="Loading" className="size-8" />
    </div>
  );
}
