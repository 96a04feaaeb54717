import { type AddressInfo, connect, createServer, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually';
import { type AttemptStore, memoryAttemptStore, redisAttemptStore } from './attempt-store';

const redisUrl = process.env.TEST_REDIS_URL;

const stores: Array<[string, () => AttemptStore, (ms: number) => Promise<void> | void]> = [];
{
  let now = 1_000_000;
  stores.push([
    'memory',
    () => memoryAttemptStore(() => now),
    (ms) => {
      now += ms;
    },
  ]);
}
if (redisUrl) {
  stores.push([
    'redis',
    () => redisAttemptStore(redisUrl, `test:${Math.random()}:`),
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ]);
}

describe.each(stores)('%s attempt store', (_name, make, advance) => {
  it('counts hits per key inside the window, then forgets them', async () => {
    const store = make();
    try {
      expect(await store.count('a')).toBe(0);
      expect(await store.hit('a', 200)).toBe(1);
      expect(await store.hit('a', 200)).toBe(2);
      expect(await store.hit('b', 200)).toBe(1);
      expect(await store.count('a')).toBe(2);
      await advance(300);
      expect(await store.count('a')).toBe(0);
      expect(await store.hit('a', 200)).toBe(1);
      await store.reset('a');
      expect(await store.count('a')).toBe(0);
    } finally {
      await store.close();
    }
  });

  it('tells how long until a window ends', async () => {
    const store = make();
    try {
      expect(await store.expiresIn('w')).toBe(0);
      await store.hit('w', 2000);
      await advance(100);
      // A later hit does not restart the window.
      await store.hit('w', 2000);
      const left = await store.expiresIn('w');
      expect(left).toBeGreaterThan(1000);
      expect(left).toBeLessThanOrEqual(1900);
      await advance(2000);
      expect(await store.expiresIn('w')).toBe(0);
    } finally {
      await store.close();
    }
  });
});

/** A port on this machine where nothing listens. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A log that keeps what it was told. */
function recordingLog() {
  const lines: Array<{ level: 'warn' | 'info'; message: string }> = [];
  return {
    lines,
    warn: (_object: object, message: string) => lines.push({ level: 'warn', message }),
    info: (_object: object, message: string) => lines.push({ level: 'info', message }),
  };
}

describe('redis attempt store without Redis', () => {
  it('counts in memory at once, says so once in the log, and reports Redis unavailable', async () => {
    const log = recordingLog();
    const store = redisAttemptStore(`redis://127.0.0.1:${await closedPort()}`, 'test:', { log });
    try {
      const started = performance.now();
      expect(await store.count('k')).toBe(0);
      expect(await store.hit('k', 60_000)).toBe(1);
      expect(await store.hit('k', 60_000)).toBe(2);
      expect(await store.count('k')).toBe(2);
      expect(await store.expiresIn('k')).toBeGreaterThan(59_000);
      await store.reset('k');
      expect(await store.count('k')).toBe(0);
      // Well under a second for all of it: no connection or command waits for Redis.
      expect(performance.now() - started).toBeLessThan(500);
      expect(await store.health?.()).toBe('unavailable');
      expect(log.lines.filter((line) => line.level === 'warn')).toHaveLength(1);
      expect(log.lines[0]?.message).toMatch(/Redis unavailable/);
    } finally {
      await store.close();
    }
  });
});

describe('redis attempt store with a Redis that never answers', () => {
  it('counts in memory after one short wait', async () => {
    // Accepts connections and says nothing, as a host behind a broken network path can.
    const sockets = new Set<Socket>();
    const silent = createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const log = recordingLog();
    const store = redisAttemptStore(`redis://127.0.0.1:${(silent.address() as AddressInfo).port}`, 'test:', { log });
    try {
      const started = performance.now();
      for (let attempt = 1; attempt <= 5; attempt += 1) expect(await store.hit('k', 60_000)).toBe(attempt);
      expect(await store.count('k')).toBe(5);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(log.lines.map((line) => line.level)).toEqual(['warn']);
    } finally {
      await store.close();
      for (const socket of sockets) socket.destroy();
      silent.close();
    }
  });
});

describe.skipIf(!redisUrl)('redis attempt store when Redis comes back', () => {
  it('counts in Redis again, shared with other instances, once Redis answers', async () => {
    // Redis behind a proxy this test opens and closes: closed first, as if Redis were down.
    const target = new URL(redisUrl as string);
    const port = await closedPort();
    // Silenced, it drops Redis's answers, as a network path that broke without closing the connection.
    let silenced = false;
    const proxy = createServer((socket) => {
      const upstream = connect(Number(target.port || 6379), target.hostname);
      socket.pipe(upstream);
      upstream.on('data', (data) => silenced || socket.write(data));
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    });
    const prefix = `test:${Math.random()}:`;
    const log = recordingLog();
    const store = redisAttemptStore(`redis://127.0.0.1:${port}`, prefix, { log });
    const other = redisAttemptStore(redisUrl as string, prefix);
    try {
      expect(await store.hit('k', 60_000)).toBe(1);
      expect(await other.count('k')).toBe(0);
      await new Promise<void>((resolve) => proxy.listen(port, '127.0.0.1', resolve));
      expect(await eventually(async () => (await store.health?.()) === 'ok', 5000)).toBe(true);
      expect(await store.hit('k', 60_000)).toBe(1);
      expect(await other.hit('k', 60_000)).toBe(2);
      expect(await store.count('k')).toBe(2);
      expect(log.lines.map((line) => line.level)).toEqual(['warn', 'info']);

      // Redis stops answering on a connection that stays open: one command waits for its timeout, the
      // next ones count locally at once.
      silenced = true;
      const started = performance.now();
      const counts = [];
      for (let attempt = 1; attempt <= 4; attempt += 1) counts.push(await store.hit('k', 60_000));
      expect(counts).toEqual([1, 2, 3, 4]);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(log.lines.map((line) => line.level)).toEqual(['warn', 'info', 'warn']);
    } finally {
      await store.close();
      await other.close();
      proxy.close();
    }
  });
});
