import { Button } from '@/components/ui/button';

export const DRAFT_LOADED = 'Draft data loaded successfully!';

/** SPEC §4: a saved draft was found; Load Draft restores it, Dismiss removes it. */
export function DraftOffer({ onLoad, onDismiss }: { onLoad: () => void; onDismiss: () => void }) {
  return (
    <section
      aria-label="Saved draft"
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-4 text-sky-900 sm:flex-row sm:items-center sm:justify-between"
    >
      <p className="text-sm font-medium">
        A saved draft of this form was found. Load it to continue where you left off.
      </p>
      <div className="flex gap-2">
        <Button size="sm" onClick={onLoad}>
          Load Draft
        </Button>
        <Button size="sm" variant="secondary" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}
