/** The queue is full, or a task waited longer than allowed: try again later. */
export class QueueBusyError extends Error {
  constructor(readonly reason: 'full' | 'timeout') {
    super(reason === 'full' ? 'work queue full' : 'waited too long in the work queue');
    this.name = 'QueueBusyError';
  }
}

export type WorkQueueOptions = {
  /** Tasks that may run at once. */
  maxRunning: number;
  /** Total cost of the tasks running at once (e.g. bytes of memory). A task dearer than this runs alone. */
  budget: number;
  /** Tasks that may wait; one more is refused at once. */
  maxWaiting: number;
  /** How long a task may wait for its turn before it is refused. */
  maxWaitMs: number;
};

export type WorkQueue = {
  /** Runs `task` when its turn comes: first come, first served, within the running and cost limits. */
  run<T>(cost: number, task: () => Promise<T>): Promise<T>;
  /** True when a task given now would be refused at once (so a caller can refuse before reading a body). */
  isFull(): boolean;
  readonly running: number;
  readonly waiting: number;
};

type Waiter = { cost: number; start: () => void; timer: NodeJS.Timeout };

/**
 * A process-local FIFO for heavy work (decoding photos): at most `maxRunning` tasks and `budget` of
 * estimated cost at once; the rest wait in order, a bounded number of them for a bounded time. The head
 * of the line is never overtaken, so a dear task is not starved by cheap ones behind it.
 */
export function createWorkQueue({ maxRunning, budget, maxWaiting, maxWaitMs }: WorkQueueOptions): WorkQueue {
  let running = 0;
  let used = 0;
  const waiters: Waiter[] = [];

  const fits = (cost: number) => running === 0 || (running < maxRunning && used + cost <= budget);
  const take = (cost: number) => {
    running += 1;
    used += cost;
  };
  const pump = () => {
    for (let next = waiters[0]; next && fits(next.cost); next = waiters[0]) {
      waiters.shift();
      clearTimeout(next.timer);
      take(next.cost);
      next.start();
    }
  };

  const turn = (cost: number) =>
    new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        cost,
        start: resolve,
        timer: setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new QueueBusyError('timeout'));
          pump();
        }, maxWaitMs),
      };
      waiters.push(waiter);
    });

  return {
    async run(cost, task) {
      const charged = Math.min(Math.max(cost, 0), budget);
      if (waiters.length === 0 && fits(charged)) {
        take(charged);
      } else if (waiters.length >= maxWaiting) {
        throw new QueueBusyError('full');
      } else {
        await turn(charged);
      }
      try {
        return await task();
      } finally {
        running -= 1;
        used -= charged;
        pump();
      }
    },
    isFull() {
      return waiters.length >= maxWaiting;
    },
    get running() {
      return running;
    },
    get waiting() {
      return waiters.length;
    },
  };
}
