import { SESSION_WARNING_MS } from '@app/domain/session.rules';
import { useRenewSession } from '@/api/renew-session';
import { Button } from '@/components/ui/button';
import { useSessionTimeLeft } from '@/lib/session';

/** '4:05' for 245 s. */
export function formatTimeLeft(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Five minutes before the session ends: a warning with the time left that stays in view under the
 * top bar however far a long form is scrolled, and "Stay signed in", which renews the session while it
 * is still valid (a new 60-minute session). Forms keep local drafts, and signing in again returns to
 * this page.
 */
export function SessionWarning() {
  const timeLeft = useSessionTimeLeft();
  if (timeLeft === null || timeLeft > SESSION_WARNING_MS) return null;
  return <SessionEndingBanner timeLeft={timeLeft} />;
}

function SessionEndingBanner({ timeLeft }: { timeLeft: number }) {
  const renew = useRenewSession();
  return (
    <section
      aria-label="Session ending"
      className="sticky top-14 z-30 flex flex-col gap-2 border-b border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:px-6"
    >
      {/* Announced once; the countdown itself is not read out every second. */}
      <p role="alert" className="sr-only">
        Your session ends in less than 5 minutes.
      </p>
      <p className="font-medium">
        Your session ends in <span className="tabular-nums">{formatTimeLeft(timeLeft)}</span>. Your typing is kept as a
        draft; after signing in again you return to this page.
      </p>
      <Button
        size="sm"
        onClick={() => renew.mutate()}
        isLoading={renew.isPending}
        className="shrink-0 self-start sm:self-auto"
      >
        Stay signed in
      </Button>
    </section>
  );
}
