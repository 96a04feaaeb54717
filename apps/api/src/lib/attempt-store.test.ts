import { describe, expect, it } from 'vitest';
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
