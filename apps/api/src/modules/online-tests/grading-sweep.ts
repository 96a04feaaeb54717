import type { Deps } from '../../deps';
import { gradeOverdueAttempts } from './online-tests.service';

const SWEEP_MS = 60_000;

/**
 * Grades, once a minute, every sitting whose time ran out without a submit (a student who never came
 * back): reads grade them too (lazily), the sweep makes sure ranks and results count them soon without one.
 */
export function gradingSweep(deps: Pick<Deps, 'db' | 'clock' | 'log'>) {
  let running: Promise<unknown> | undefined;
  const tick = setInterval(() => {
    running ??= gradeOverdueAttempts(deps)
      .catch((error: unknown) => deps.log.warn({ err: error }, 'grading sweep failed'))
      .finally(() => {
        running = undefined;
      });
  }, SWEEP_MS);
  tick.unref();
  return {
    async close() {
      clearInterval(tick);
      await running;
    },
  };
}
