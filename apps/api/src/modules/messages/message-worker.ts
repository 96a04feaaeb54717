import { randomUUID } from 'node:crypto';
import { backoffMs, MAX_ATTEMPTS } from '@app/domain/family-messages.rules';
import type { Db } from '../../db/client';
import type { MessageOutboxRow } from '../../db/schema';
import type { Log } from '../../deps';
import { giveWay } from '../../lib/give-way';
import { claimDueMessages, type Outcome, settleMessages, takeEarlyReports } from './messages.repository';
import type { MessageProvider, SendOutcome } from './providers';

export type WorkerOptions = {
  db: Db;
  /** The provider messages leave through; none: every message is prepared (sent by hand). */
  provider: MessageProvider | undefined;
  log: Log;
  /** How long a claim holds a message; a worker that dies lets it go when this runs out. */
  leaseMs?: number;
  batchSize?: number;
  /** Sends in flight at once. */
  concurrency?: number;
  /**
   * How long the worker rests after a busy batch, as a share of the time the batch took: 1 rests as long
   * as it worked (the worker holds the event loop and the database at most about half the time while a
   * big job drains), so requests are served between batches. 0: no rest.
   */
  restRatio?: number;
  /** True while the server is answering requests: before each send the worker gives way (lib/give-way.ts). */
  isServing?: () => boolean;
  /** How long to wait when nothing is due. */
  idleMs?: number;
  /** This instance's name in `leased_by`. */
  workerId?: string;
  /**
   * After a start, how long to leave other workers' expired leases alone: the provider's delivery reports
   * of messages a crashed worker sent arrive (retried by the provider) once the server listens again, and
   * settle those messages; only the rest are sent again.
   */
  reportGraceMs?: number;
};

export type MessageWorker = {
  start(): void;
  /** Stops claiming, waits for the sends in flight to be recorded. */
  stop(): Promise<void>;
  /** Claims and sends one batch; answers how many messages it handled (tests drive it by hand). */
  runOnce(): Promise<number>;
  /** Wakes a sleeping worker at once (a job was just queued). */
  wake(): void;
  readonly workerId: string;
};

/** The longest rest between two full batches. */
const MAX_REST_MS = 250;

/** One turn of the event loop: I/O callbacks (requests waiting) run before this resolves. */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Token bucket per provider: at most `ratePerSecond`, and a pause while the provider asked us to wait. */
function rateLimiter(ratePerSecond: number) {
  const interval = 1000 / Math.max(ratePerSecond, 0.001);
  let nextSlot = 0;
  let pausedUntil = 0;
  return {
    /** Waits for the next slot; answers how long it waited (time the provider's rate, not work, took). */
    async take(): Promise<number> {
      const now = Date.now();
      const at = Math.max(nextSlot, pausedUntil, now);
      nextSlot = at + interval;
      if (at > now) await new Promise((resolve) => setTimeout(resolve, at - now));
      return at - now;
    },
    pause(ms: number) {
      pausedUntil = Math.max(pausedUntil, Date.now() + ms);
    },
  };
}

/**
 * The outbox's sender (docs/decisions/019-messages-outbox.md). One per server process, started and
 * stopped with the app. It claims due messages with a lease (`FOR UPDATE SKIP LOCKED`: instances never
 * take the same row), one claim statement and one settle statement per batch, sends each through the
 * provider within its rate, and records the outcome only while it still holds the lease. A temporary failure is tried again after an exponential backoff (or the
 * provider's Retry-After); a permanent one (an invalid number) fails at once with the reason.
 */
export function createMessageWorker({
  db,
  provider,
  log,
  leaseMs = 60_000,
  batchSize = 25,
  concurrency = 2,
  restRatio = 2,
  isServing = () => false,
  idleMs = 1000,
  workerId = `worker-${randomUUID()}`,
  reportGraceMs = 15_000,
}: WorkerOptions): MessageWorker {
  let startedAt = 0;
  const limiter = provider ? rateLimiter(provider.ratePerSecond) : undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  let wakeUp: (() => void) | undefined;
  /** Time the sends of the current batch waited for the provider's rate and for requests (summed over lanes). */
  let throttledMs = 0;
  /** Time the batch's claim and settle waited for requests being served. */
  let waitedMs = 0;

  const outcomeOf = (row: MessageOutboxRow, result: SendOutcome): Outcome => {
    const channel = provider?.channel ?? 'none';
    if (result.ok) return { status: 'sent' as const, channel, providerMessageId: result.providerMessageId };
    if (result.permanent || row.attempts >= MAX_ATTEMPTS) {
      return { status: 'failed' as const, channel, failReason: result.reason };
    }
    if (result.retryAfterMs !== undefined) limiter?.pause(result.retryAfterMs);
    const wait = Math.max(result.retryAfterMs ?? 0, backoffMs(row.attempts));
    return {
      status: 'queued' as const,
      channel,
      failReason: result.reason,
      nextAttemptAt: new Date(Date.now() + wait),
    };
  };

  async function handle(row: MessageOutboxRow): Promise<{ id: number; outcome: Outcome; ok: boolean }> {
    if (!provider || !limiter) return { id: row.id, outcome: { status: 'prepared', channel: 'none' }, ok: true };
    throttledMs += (await giveWay(isServing)) + (await limiter.take());
    let result: SendOutcome;
    try {
      result = await provider.send({
        phone: row.phone,
        body: row.body,
        idempotencyKey: row.idempotencyKey,
        template:
          provider.channel === 'whatsapp' && row.whatsappTemplate
            ? { name: row.whatsappTemplate, language: row.language === 'en' ? 'en' : 'mr', params: row.params ?? [] }
            : undefined,
      });
    } catch (error) {
      result = { ok: false, permanent: false, reason: `send failed: ${(error as Error).message}` };
    }
    return { id: row.id, outcome: outcomeOf(row, result), ok: result.ok };
  }

  async function runOnce(): Promise<number> {
    const takeExpired = startedAt === 0 || Date.now() - startedAt >= reportGraceMs;
    // The claim and the settle are the batch's biggest statements: they too wait for a quiet moment.
    waitedMs += await giveWay(isServing);
    const rows = await claimDueMessages(db, { workerId, limit: batchSize, leaseMs, takeExpired });
    let next = 0;
    const done: Awaited<ReturnType<typeof handle>>[] = [];
    const lane = async () => {
      for (let row = rows[next++]; row; row = rows[next++]) {
        done.push(await handle(row));
        // Let the requests that arrived meanwhile run before the next send is prepared.
        await yieldToEventLoop();
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, rows.length) }, lane));
    // One statement for the batch. A sent message may already be settled by its delivery report.
    if (done.length > 0) waitedMs += await giveWay(isServing);
    const recorded = new Set(await settleMessages(db, { workerId, outcomes: done }));
    // Reports that came before these provider ids were recorded (MSG91's can) were kept: take them now.
    await takeEarlyReports(
      db,
      done.flatMap(({ id, outcome }) =>
        outcome.status === 'sent' && recorded.has(id) ? [outcome.providerMessageId] : [],
      ),
    );
    const lost = done.filter((item) => !item.ok && !recorded.has(item.id));
    if (lost.length > 0)
      log.warn({ messageIds: lost.map((item) => item.id) }, 'message leases lost before outcomes were recorded');
    return rows.length;
  }

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  async function run(): Promise<void> {
    while (running) {
      let handled = 0;
      const began = performance.now();
      throttledMs = 0;
      waitedMs = 0;
      try {
        handled = await runOnce();
      } catch (error) {
        log.warn({ err: error }, 'message worker: claim failed; trying again');
      }
      if (!running) break;
      if (handled < batchSize) await sleep(idleMs);
      else {
        // A full batch: more is due. Rest in proportion to the work (a duty cycle; waiting for the
        // provider's rate is not work), at least one turn of the event loop, so a drain of thousands never
        // starves the requests; never long, so a provider's rate is still reached.
        const worked = performance.now() - began - throttledMs / concurrency - waitedMs;
        const rest = Math.min(Math.max(worked, 0) * restRatio, MAX_REST_MS);
        await (rest >= 1 ? sleep(rest) : yieldToEventLoop());
      }
    }
  }

  return {
    workerId,
    start() {
      if (running) return;
      running = true;
      startedAt = Date.now();
      loop = run();
    },
    async stop() {
      running = false;
      wakeUp?.();
      await loop;
    },
    runOnce,
    wake() {
      wakeUp?.();
    },
  };
}
