import type { FastifyInstance } from 'fastify';
import { apiHeaders } from '../../plugins/security-headers';
import { changedTableNames, changedTables, lastWrittenRows, type TableSnapshot } from '../table-snapshot';
import type { FuzzCase, FuzzRequest } from './fuzz-cases';
import { type FuzzRole, leakMarkers } from './fuzz-world';

/** What can be wrong with an answer. */
export type ProblemType =
  | '5xx'
  | 'accepted'
  | 'refused'
  | 'changed-on-4xx'
  | 'error-shape'
  | 'security-headers'
  | 'retry-after'
  | 'leak'
  | 'odd-status';

export type Problem = { type: ProblemType; detail: string };

export type CaseResult = {
  fuzzCase: FuzzCase;
  request: FuzzRequest;
  status: number;
  body: string;
  problems: Problem[];
};

export type CaseRunner = {
  run(fuzzCase: FuzzCase): Promise<CaseResult>;
  /** Cases run so far. */
  count(): number;
};

/**
 * Runs one case: the request, then every check on its answer. A table snapshot is taken before and
 * after; the one after a 4xx is reused as the next one's "before" (nothing changed, or it is reported).
 */
export function caseRunner(app: FastifyInstance, snapshot: () => Promise<TableSnapshot>): CaseRunner {
  let last: TableSnapshot | undefined;
  let count = 0;
  return {
    count: () => count,
    async run(fuzzCase) {
      count += 1;
      const request = await fuzzCase.request();
      // Fresh targets are made while building the request: take "before" after that.
      const before = request.madeRows || !last ? await snapshot() : last;
      const response = await app.inject({
        method: request.method as 'GET',
        url: request.url,
        headers: request.headers,
        ...(request.payload !== undefined ? { payload: request.payload } : {}),
        ...(request.remoteAddress ? { remoteAddress: request.remoteAddress } : {}),
      });
      const after = await snapshot();
      last = after;
      const changed = changedTables(before, after);
      const problems = checkAnswer(fuzzCase, request, {
        status: response.statusCode,
        headers: response.headers,
        body: response.body,
        changed,
      });
      // A change on a 4xx: which rows were written last, to tell this request's write from a background job's.
      const changedOn4xx = problems.find((problem) => problem.type === 'changed-on-4xx');
      if (changedOn4xx) {
        for (const table of changedTableNames(before, after)) {
          const rows = await lastWrittenRows(app.deps.db, table);
          changedOn4xx.detail += `\n      ${table}, last written: ${rows.join(' | ')}`;
        }
      }
      return { fuzzCase, request, status: response.statusCode, body: response.body, problems };
    },
  };
}

type Answer = {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
  changed: string[];
};

export function checkAnswer(fuzzCase: FuzzCase, request: FuzzRequest, answer: Answer): Problem[] {
  const problems: Problem[] = [];
  const { status } = answer;
  const excerpt = answer.body.slice(0, 200);
  const isClientError = status >= 400 && status < 500;
  const isSuccess = status >= 200 && status < 300;

  if (status >= 500) problems.push({ type: '5xx', detail: `${status} ${excerpt}` });
  else if (!isClientError && !isSuccess) problems.push({ type: 'odd-status', detail: `${status} ${excerpt}` });

  if (isClientError) {
    const error = parseJson(answer.body) as { message?: unknown; code?: unknown } | undefined;
    if (typeof error?.message !== 'string' || error.message.trim() === '' || typeof error.code !== 'string') {
      problems.push({ type: 'error-shape', detail: `${status} ${excerpt}` });
    }
    if (answer.changed.length > 0) {
      problems.push({ type: 'changed-on-4xx', detail: `${status} changed ${answer.changed.join(', ')}: ${excerpt}` });
    }
  }
  if (fuzzCase.expect === 'reject' && isSuccess) {
    problems.push({ type: 'accepted', detail: `${status} ${excerpt}` });
  }
  if (fuzzCase.expect === 'accept' && !isSuccess) {
    problems.push({ type: 'refused', detail: `${status} ${excerpt}` });
  }

  if (request.url.startsWith('/api/') && !request.url.startsWith('/api/docs')) {
    const missing = Object.entries(apiHeaders)
      .filter(([name, value]) => answer.headers[name] !== value)
      .map(([name]) => name);
    if (missing.length > 0)
      problems.push({ type: 'security-headers', detail: `${status} without ${missing.join(', ')}` });
  }
  if (status === 429 && !answer.headers['retry-after']) {
    problems.push({ type: 'retry-after', detail: '429 without Retry-After' });
  }

  const foreign = foreignMarker(fuzzCase.role);
  if (isSuccess && foreign && answer.body.includes(foreign)) {
    problems.push({ type: 'leak', detail: `${status} shows another counsellor's rows (${foreign})` });
  }
  return problems;
}

function foreignMarker(role: FuzzRole): string | undefined {
  if (role === 'counsellor') return leakMarkers.counsellor2;
  if (role === 'counsellor2') return leakMarkers.counsellor;
  return undefined;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A request as one line a person can replay: method, URL, body (shortened). */
export function describeRequest(request: FuzzRequest): string {
  const type = request.headers['content-type'];
  const payload =
    request.payload === undefined
      ? ''
      : Buffer.isBuffer(request.payload)
        ? ` <${request.payload.length} bytes ${type}>`
        : ` ${type === 'application/json' ? '' : `(${type}) `}${shorten(request.payload)}`;
  return `${request.method} ${shorten(request.url)}${payload}`;
}

function shorten(text: string): string {
  const visible = text.replace(/\p{Cc}/gu, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return visible.length > 240 ? `${visible.slice(0, 120)}…(${visible.length} chars)…${visible.slice(-60)}` : visible;
}
