// The soak's bookkeeping: every request through `call`, each answer classified and timed per operation.

/**
 * What an answer counts as. `ok`: the status the operation expects. `backpressure`: a documented refusal
 * to take more for now (429 or 503 with Retry-After). `fault`: no answer, or a 5xx, for a request the
 * soak's own fault hit (in flight when it cut the database's connections or killed the server, or sent
 * while the killed server was starting again). Anything else is an `error`: a 5xx, a network error, an
 * unexpected status.
 */
export function classify({ status, expected, retryAfter, networkError, hitByFault }) {
  if (!networkError && expected.includes(status)) return 'ok';
  if ((status === 429 || status === 503) && retryAfter) return 'backpressure';
  if (hitByFault && (networkError || status >= 500)) return 'fault';
  return 'error';
}

/** The value at quantile `q` (0..1) of an ascending array. */
export function quantile(sorted, q) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export function createStats() {
  const ops = new Map();
  const errorSamples = [];
  const of = (op) => {
    let entry = ops.get(op);
    if (!entry) {
      entry = { count: 0, errors: 0, backpressure: 0, fault: 0, ms: [], statuses: new Map(), faultStatuses: new Map() };
      ops.set(op, entry);
    }
    return entry;
  };
  return {
    record(op, outcome, { ms, status, detail }) {
      const entry = of(op);
      entry.count += 1;
      if (outcome === 'ok') entry.ms.push(ms);
      else entry[outcome === 'error' ? 'errors' : outcome] += 1;
      const statuses = outcome === 'error' ? entry.statuses : outcome === 'fault' ? entry.faultStatuses : undefined;
      statuses?.set(status, (statuses.get(status) ?? 0) + 1);
      if (outcome === 'error' && errorSamples.length < 12) {
        errorSamples.push(`${op} → ${status}${detail ? `: ${detail}` : ''}`);
      }
    },
    /** A failure that is not one request (a server that died, an invariant): counted under `op`. */
    fail(op, detail) {
      const entry = of(op);
      entry.count += 1;
      entry.errors += 1;
      if (errorSamples.length < 12) errorSamples.push(`${op}: ${detail}`);
    },
    rows(label) {
      return [...ops.entries()].map(([op, entry]) => {
        const sorted = entry.ms.sort((a, b) => a - b);
        return {
          database: label,
          operation: op,
          count: entry.count,
          errors: entry.errors,
          'back-pressure': entry.backpressure,
          'hit by a fault': entry.fault,
          'p50 ms': Math.round(quantile(sorted, 0.5)),
          'p99 ms': Math.round(quantile(sorted, 0.99)),
          statuses: [
            ...[...entry.statuses].map(([status, n]) => `${status}×${n}`),
            ...[...entry.faultStatuses].map(([status, n]) => `fault ${status}×${n}`),
          ].join(' '),
        };
      });
    },
    errorCount: () => [...ops.values()].reduce((sum, entry) => sum + entry.errors, 0),
    errorSamples,
  };
}

/**
 * One HTTP request with a time limit (so nothing hangs), recorded under `op`. Answers the status, the
 * parsed JSON body when there is one, and the outcome.
 */
export async function call(stats, op, server, { method = 'GET', path, token, body, headers = {}, expected = [200] }) {
  const started = performance.now();
  // `server`: the instance asked ({ base, down, faults }); `faults` counts the soak's own faults on it, so
  // a request one of them hit is told apart from a real error.
  const faultsBefore = server.faults;
  let status = 0;
  let json;
  let retryAfter = null;
  let networkError = false;
  let detail;
  try {
    const isJson = body !== undefined && !(body instanceof Uint8Array);
    const response = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(isJson ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : isJson ? JSON.stringify(body) : body,
      signal: AbortSignal.timeout(30_000),
    });
    status = response.status;
    retryAfter = response.headers.get('retry-after');
    const type = response.headers.get('content-type') ?? '';
    if (type.includes('json')) json = await response.json();
    else await response.arrayBuffer();
    if (!expected.includes(status)) detail = json?.message ?? type;
  } catch (error) {
    networkError = true;
    detail = error.cause?.code ?? error.name;
  }
  const ms = performance.now() - started;
  const hitByFault = server.down || server.faults !== faultsBefore;
  const outcome = classify({ status, expected, retryAfter, networkError, hitByFault });
  stats.record(op, outcome, { ms, status: networkError ? 'network' : status, detail });
  return { status, json, outcome, retryAfter, ms };
}
