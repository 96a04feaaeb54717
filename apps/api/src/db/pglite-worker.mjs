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

/**
 * PGlite is one session, and several connections share it, as a pooler in transaction mode would: a
 * unit (messages up to a Sync, a simple Query or a Flush) runs whole, units run one at a time in the
 * order they came, and while a connection's transaction is open only that connection's units run, so
 * one request's statements never land inside another's transaction. Work of the thread's own (a dump,
 * closing) waits for no transaction to be open.
 */
const queue = [];
/** The connection whose transaction is open on the session, if any. */
let owner = null;
let running = false;
/** Closed: what the connections still send (their goodbyes cross on other ports) finds nothing to do. */
let shut = false;

function enqueue(connection, work) {
  return new Promise((resolve, reject) => {
    queue.push({ connection, work, resolve, reject });
    next();
  });
}

function next() {
  if (running) return;
  const index = owner ? queue.findIndex((unit) => unit.connection === owner) : 0;
  const [unit] = index < 0 ? [] : queue.splice(index, 1);
  if (!unit) return;
  running = true;
  Promise.resolve()
    .then(unit.work)
    .then(unit.resolve, unit.reject)
    .finally(() => {
      if (unit.connection !== null && !shut) owner = db.isInTransaction() ? unit.connection : null;
      running = false;
      next();
    });
}

/** Protocol 3.0's startup message has no type byte; every other message is a type byte and a length. */
const PROTOCOL_3 = 196_608;
const [PARSE, BIND, DESCRIBE, CLOSE, SYNC, QUERY, FLUSH, TERMINATE] = [...'PBDCSQHX'].map((c) => c.charCodeAt(0));

/**
 * Splits what arrived into the messages that end a unit (a Sync, a Query or a Flush: the client waits
 * for an answer after them), a Terminate if one came, and the bytes that wait for more.
 */
function takeUnits(buffer, started) {
  const messages = [];
  let at = 0;
  let done = 0;
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
    const type = started ? buffer[at] : 0;
    if (type === TERMINATE) terminate = true;
    else messages.push(buffer.subarray(at, at + length));
    started = true;
    at += length;
    if (type === 0 || type === SYNC || type === QUERY || type === FLUSH || terminate) done = messages.length;
  }
  const units = messages.slice(0, done);
  const unitsEnd = units.reduce((sum, message) => sum + message.length, 0);
  return { messages: units, rest: buffer.subarray(terminate ? at : unitsEnd), started, terminate };
}

/** A C string's end (its NUL) at or after `from`. */
const cstringEnd = (message, from) => message.indexOf(0, from);

/**
 * Named prepared statements are per session, and the session is shared: each connection's names get
 * its own prefix (Parse, Bind, Describe and Close of a statement). Unnamed ones live within one unit.
 */
function renamed(message, prefix) {
  const type = message[0];
  let at;
  if (type === PARSE) at = 5;
  else if (type === BIND) at = cstringEnd(message, 5) + 1;
  else if ((type === DESCRIBE || type === CLOSE) && message[5] === 0x53) at = 6;
  else return message;
  if (message[at] === 0) return message;
  const name = Buffer.from(prefix);
  const out = Buffer.concat([message.subarray(0, at), name, message.subarray(at)]);
  out.writeInt32BE(out.length - 1, 1);
  return out;
}

let connections = 0;

function serve(port) {
  connections += 1;
  const connection = { port, prefix: `c${connections}_`, closed: false };
  let pending = Buffer.alloc(0);
  let started = false;
  const close = () => {
    if (connection.closed) return;
    connection.closed = true;
    port.close();
    // Its open transaction ends with it: nothing of it stays, and the others may go on.
    void enqueue(connection, async () => {
      if (!shut && owner === connection && db.isInTransaction()) await db.exec('rollback');
    }).catch(() => {});
  };
  port.on('message', (chunk) => {
    if (chunk === null) return close();
    pending = pending.length ? Buffer.concat([pending, chunk]) : Buffer.from(chunk);
    const taken = takeUnits(pending, started);
    pending = taken.rest;
    started = taken.started;
    if (taken.messages.length > 0) {
      const unit = Buffer.concat(taken.messages.map((message) => renamed(message, connection.prefix)));
      void enqueue(connection, async () => {
        if (connection.closed || shut) return;
        // The stream form, not execProtocolRaw: that one also parses every answer into a list PGlite
        // keeps for execProtocol and never empties on this path (the worker's heap grew ~4.5 KB a query).
        const chunks = [];
        await db.execProtocolRawStream(new Uint8Array(unit), { onRawData: (data) => chunks.push(data.slice()) });
        const answer = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
        if (!connection.closed && answer.length > 0) port.postMessage(answer);
      }).catch((error) => port.postMessage({ error: String(error?.message ?? error) }));
    }
    if (taken.terminate) close();
  });
}

parentPort.on('message', async (message) => {
  if (message.type === 'connect') return serve(message.port);
  try {
    if (message.type === 'dump') {
      const dump = await enqueue(null, () => db.dumpDataDir('none'));
      parentPort.postMessage({ id: message.id, dump: new Uint8Array(await dump.arrayBuffer()) });
    } else if (message.type === 'close') {
      await enqueue(null, async () => {
        shut = true;
        await db.close();
      });
      parentPort.postMessage({ id: message.id });
    }
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: String(error?.message ?? error) });
  }
});
