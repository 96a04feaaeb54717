/** A screen that belongs to a later release: an honest note, no sample data. */
export function ComingSoon({ title }: { title?: string }) {
  return (
    <section className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      {title && <h1 className="mb-2 text-xl font-bold text-slate-900">{title}</h1>}
      <p className="text-slate-600">This screen is coming in a later release.</p>
    </section>
  );
}
