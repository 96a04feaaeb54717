import type { ReactNode } from 'react';

/** The coloured band that opens every marketing page below the top bar. */
export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="bg-gradient-to-br from-brand-900 to-brand-700 px-4 py-10 text-white sm:py-14">
      <div className="mx-auto max-w-6xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{title}</h1>
        {children && <p className="mt-3 max-w-2xl text-base text-brand-100 sm:text-lg">{children}</p>}
      </div>
    </header>
  );
}
