import { describe, expect, it } from 'vitest';
import { createNotifiedCache } from './notified-cache';

/** A cache on an in-process channel (as with PGlite), and a way to send notices to it. */
function cacheWith(options: { maxEntries?: number; ttlMs?: number } = {}) {
  let notify: (payload: string) => void = () => {};
  const cache = createNotifiedCache({
    channel: 'test_changed',
    maxEntries: options.maxEntries ?? 100,
    ttlMs: options.ttlMs ?? 60_000,
    listen: async (_channel, onMessage) => {
      notify = onMessage;
    },
  });
  return { cache, notify: (payload: string) => notify(payload) };
}

/** A load that counts its calls and answers `value`. */
function counted<T>(value: T) {
  const load = async () => {
    load.calls += 1;
    return value;
  };
  load.calls = 0;
  return load;
}

describe('the notified cache', () => {
  it('shares one load among the requests that ask meanwhile, and answers later ones from memory', async () => {
    const { cache } = cacheWith();
    const load = counted('row');
    expect(await Promise.all([cache.get('a', load), cache.get('a', load), cache.get('a', load)])).toEqual([
      'row',
      'row',
      'row',
    ]);
    expect(await cache.get('a', load)).toBe('row');
    expect(load.calls).toBe(1);
    await cache.close();
  });

  it('keeps neither an undefined answer nor a failed load', async () => {
    const { cache } = cacheWith();
    const missing = counted(undefined);
    await cache.get('a', missing);
    await cache.get('a', missing);
    expect(missing.calls).toBe(2);
    await expect(cache.get('b', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('b', async () => 'back')).toBe('back');
    await cache.close();
  });

  it('drops the entry a notice names, and every entry on an empty notice or invalidate()', async () => {
    const { cache, notify } = cacheWith();
    const a = counted('a');
    const b = counted('b');
    await cache.get('a', a);
    await cache.get('b', b);
    notify('a');
    await cache.get('a', a);
    await cache.get('b', b);
    expect([a.calls, b.calls]).toEqual([2, 1]);
    notify('');
    await cache.get('a', a);
    await cache.get('b', b);
    expect([a.calls, b.calls]).toEqual([3, 2]);
    cache.invalidate();
    await cache.get('b', b);
    expect(b.calls).toBe(3);
    await cache.close();
  });

  it('holds at most maxEntries, the least recently used out first', async () => {
    const { cache } = cacheWith({ maxEntries: 2 });
    const loads = { a: counted('a'), b: counted('b'), c: counted('c') };
    await cache.get('a', loads.a);
    await cache.get('b', loads.b);
    await cache.get('a', loads.a);
    await cache.get('c', loads.c);
    await cache.get('a', loads.a);
    await cache.get('b', loads.b);
    expect([loads.a.calls, loads.b.calls, loads.c.calls]).toEqual([1, 2, 1]);
    await cache.close();
  });

  it('loads an entry again once it is older than ttlMs', async () => {
    const { cache } = cacheWith({ ttlMs: 40 });
    const load = counted('row');
    await cache.get('a', load);
    await cache.get('a', load);
    expect(load.calls).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    await cache.get('a', load);
    expect(load.calls).toBe(2);
    await cache.close();
  });
});
