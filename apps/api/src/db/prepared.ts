import type { Executor } from './client';

const built = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A query Drizzle builds once per database (or transaction) and keeps as a named prepared statement
 * (`build` ends in `.prepare(name)`): later calls skip building its SQL, and each connection has the server
 * parse and plan it once instead of at every call, which is most of a small list GET's cost (profiled in
 * docs/decisions/014-request-path.md). `name` must stand for one SQL text: put into it whatever changes
 * the text (which filters are present), and the values into placeholders (`sql.placeholder`).
 */
export function prepared<T>(db: Executor, name: string, build: (name: string) => T): T {
  let byName = built.get(db);
  if (!byName) {
    byName = new Map();
    built.set(db, byName);
  }
  let query = byName.get(name) as T | undefined;
  if (!query) {
    query = build(name);
    byName.set(name, query);
  }
  return query;
}
