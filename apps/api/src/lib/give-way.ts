/**
 * Background work gives way to the requests being served (docs/decisions/019-messages-outbox.md): the
 * message worker before each send, a provider's webhook before it writes. A counsellor's screen is not
 * slowed by a job of thousands; background work is only slowed, never stopped.
 */

/** The longest one piece of background work waits for the requests being served. */
const GIVE_WAY_MAX_MS = 100;
/** How often it looks again. */
const STEP_MS = 2;

/** Counts the requests in flight; `isServing` is true while there are any. */
export function requestsInFlight() {
  let count = 0;
  return {
    /** A request began; call what it answers once, when its response closes (sent, or the client went away). */
    begin(): () => void {
      count += 1;
      return () => {
        count -= 1;
      };
    },
    isServing: () => count > 0,
  };
}

/** Waits while `isServing()`, never longer than GIVE_WAY_MAX_MS; answers how long it waited. */
export async function giveWay(isServing: () => boolean): Promise<number> {
  const began = performance.now();
  let waited = 0;
  while (isServing() && waited < GIVE_WAY_MAX_MS) {
    await new Promise((resolve) => setTimeout(resolve, STEP_MS));
    waited = performance.now() - began;
  }
  return waited;
}
