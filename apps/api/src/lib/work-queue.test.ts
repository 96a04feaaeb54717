import { describe, expect, it } from 'vitest';
import { createWorkQueue, QueueBusyError } from './work-queue';

/** A task that runs until released, recording when it starts. */
function gate(log: string[], name: string) {
  let release = () => {};
  const done = new Promise<void>((resolve) => {
    release = resolve;
  });
  return {
    task: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
      return name;
    },
    release: () => release(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('work queue', () => {
  it('runs at most maxRunning tasks at once, the rest in arrival order', async () => {
    const queue = createWorkQueue({ maxRunning: 2, budget: 100, maxWaiting: 10, maxWaitMs: 5_000 });
    const log: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(log, name));
    const results = gates.map((g) => queue.run(1, g.task));
    await tick();
    expect(log).toEqual(['start a', 'start b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    gates[1]?.release();
    await tick();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);
    gates[0]?.release();
    gates[2]?.release();
    gates[3]?.release();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('keeps the running cost within the budget; a task dearer than the budget runs alone', async () => {
    const queue = createWorkQueue({ maxRunning: 2, budget: 100, maxWaiting: 10, maxWaitMs: 5_000 });
    const log: string[] = [];
    const big = gate(log, 'big');
    const huge = gate(log, 'huge');
    const small = gate(log, 'small');
    const runs = [queue.run(70, big.task), queue.run(500, huge.task), queue.run(10, small.task)];
    await tick();
    // huge does not fit beside big; small waits behind huge (first come, first served).
    expect(log).toEqual(['start big']);
    big.release();
    await tick();
    expect(log).toEqual(['start big', 'end big', 'start huge']);
    huge.release();
    await tick();
    expect(log.at(-1)).toBe('start small');
    small.release();
    await Promise.all(runs);
  });

  it('refuses at once when maxWaiting tasks already wait', async () => {
    const queue = createWorkQueue({ maxRunning: 1, budget: 100, maxWaiting: 1, maxWaitMs: 5_000 });
    const log: string[] = [];
    const first = gate(log, 'first');
    const second = gate(log, 'second');
    const runs = [queue.run(1, first.task), queue.run(1, second.task)];
    expect(queue.isFull()).toBe(true);
    await expect(queue.run(1, async () => 'third')).rejects.toEqual(new QueueBusyError('full'));
    first.release();
    second.release();
    await Promise.all(runs);
    expect(queue.isFull()).toBe(false);
    expect(await queue.run(1, async () => 'fourth')).toBe('fourth');
  });

  it('refuses a task that waited too long, and lets the next one through', async () => {
    const queue = createWorkQueue({ maxRunning: 1, budget: 100, maxWaiting: 5, maxWaitMs: 30 });
    const log: string[] = [];
    const slow = gate(log, 'slow');
    const running = queue.run(1, slow.task);
    const waited = queue.run(1, async () => 'never');
    await expect(waited).rejects.toEqual(new QueueBusyError('timeout'));
    expect(queue.waiting).toBe(0);
    slow.release();
    await running;
    expect(await queue.run(1, async () => 'next')).toBe('next');
  });

  it('frees its place when a task fails', async () => {
    const queue = createWorkQueue({ maxRunning: 1, budget: 100, maxWaiting: 5, maxWaitMs: 5_000 });
    await expect(
      queue.run(50, async () => {
        throw new Error('broken photo');
      }),
    ).rejects.toThrow('broken photo');
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
    expect(await queue.run(100, async () => 'ok')).toBe('ok');
  });
});
