import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

type SectionProps = { id?: string; title?: string; intro?: string; className?: string; children: ReactNode };

/** A content band of a marketing page with an optional heading. */
export function Section({ id, title, intro, className, children }: SectionProps) {
  const headingId = id && title ? `${id}-title` : undefined;
  return (
    <section id={id} aria-labelledby={headingId} className={cn('px-4 py-10 sm:py-14', className)}>
      <div className="mx-auto max-w-6xl">
        {title && (
          <h2 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            {title}
          </h2>
        )}
        {intro && <p className="mt-2 max-w-2xl text-slate-600">{intro}</p>}
        <div className={cn(title && 'mt-6')}>{children}</div>
      </div>
    </section>
  );
}
