// The embedded database's own thread (db/pglite.ts starts it): PGlite runs here, so the request thread
// only waits. Each connection the request thread opens is a MessagePort carrying PostgreSQL's wire
// protocol, which node-postgres speaks on the other side; PGlite answers it with execProtocolRaw.
// Plain JavaScript, so the same file runs under the tests (from src/) and the built server (from dist/).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

const db = await PGlite.create({
  ...(workerData.dataDir ? { dataDir: workerData.dataDir } : {}),
  ...(workerData.loadDataDir ? { loadDataDir: new Blob([workerData.loadDataDir]) } : {}),
  relaxedDurability: false,
  // PostgreSQL's default 128 MB of shared buffers all live in the WebAssembly heap. 32 MB takes a
  // reopened database from ~340 MB to ~220 MB resident; the files stay in the OS page cache anyway.
  postgresqlconf: ['shared_buffers=32MB'],
});

/** PGlite is one session: everything it does, for any connection, runs one after the other. */
let turn = Promise.resolve();
const serially = (work) => {
  const result = turn.then(work);
  turn = result.catch(() => {});
  return result;
};

/** Protocol 3.0's startup message has no type byte; every other message is a type byte and a length. */
const PROTOCOL_3 = 196_608;
const TERMINATE = 0x58;

/**
 * Splits what arrived into the complete messages PGlite should run, a Terminate if one came (the
 * connection's end: PGlite's one session must not end with it), and the bytes that wait for more.
 */
function takeMessages(buffer, started) {
  const run = [];
  let at = 0;
  let terminate = false;
  while (!terminate) {
    let length;
    if (!started) {
      if (buffer.length < at + 8 || buffer.readInt32BE(at + 4) !== PROTOCOL_3) break;
      length = buffer.readInt32BE(at);
    } else {
      if (buffer.length < at + 5) break;
      length = 1 + buffer.readInt32BE(at + 1);
    }
    if (buffer.length < at + length) break;
    if (started && buffer[at] === TERMINATE) terminate = true;
    else run.push(buffer.subarray(at, at + length));
    started = true;
    at += length;
  }
  return { run: Buffer.concat(run), rest: buffer.subarray(at), started, terminate };
}

/**
 * One connection. The pool on the other side holds one at a time, and a new one replaces an old one
 * only when that one broke: so a new connection starts PGlite's one session afresh (an old one's open
 * transaction rolled back, its prepared statements, LISTENs and settings gone).
 */
function serve(port) {
  let pending = Buffer.alloc(0);
  let started = false;
  let closed = false;
  const close = () => {
    closed = true;
    port.close();
  };
  port.on('message', (chunk) => {
    if (chunk === null) return close();
    pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
    const starting = !started;
    const taken = takeMessages(pending, started);
    pending = taken.rest;
    started = taken.started;
    void serially(async () => {
      if (closed || taken.run.length === 0) return;
      if (starting && started) {
        if (db.isInTransaction()) await db.exec('rollback');
        await db.exec('discard all');
      }
      const answer = await db.execProtocolRaw(new Uint8Array(taken.run));
      if (!closed && answer.length > 0) port.postMessage(answer);
    })
      .catch((error) => port.postMessage({ error: String(error?.message ?? error) }))
      .finally(() => taken.terminate && close());
  });
}

parentPort.on('message', async (message) => {
  if (message.type === 'connect') return serve(message.port);
  try {
    if (message.type === 'dump') {
      const dump = await serially(() => db.dumpDataDir('none'));
      parentPort.postMessage({ id: message.id, dump: new Uint8Array(await dump.arrayBuffer()) });
    } else if (message.type === 'close') {
      await serially(() => db.close());
      parentPort.postMessage({ id: message.id });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error?.message ?? error) });
  }
});
