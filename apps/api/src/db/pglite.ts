import { Duplex } from 'node:stream';
import { MessageChannel, type MessagePort, Worker } from 'node:worker_threads';

/** The worker's file, beside this module: src/db, or dist/ once bundled (build.mjs copies it there). */
const workerFile = new URL('./pglite-worker.mjs', import.meta.url);

/**
 * PGlite on a thread of its own (pglite-worker.mjs). `connect` answers a stream that node-postgres takes
 * as its socket: the request thread speaks PostgreSQL's protocol to it and waits, never runs a query.
 */
export type PgliteThread = {
  connect(): Duplex;
  /** The data dir as a tar (what the test harness loads into each fresh database). */
  dump(): Promise<Uint8Array>;
  close(): Promise<void>;
};

/** Starts the thread at once; connections and calls made before PGlite is open wait for it. */
export function startPgliteThread(options: { dataDir?: string; loadDataDir?: Uint8Array }): PgliteThread {
  const worker = new Worker(workerFile, { workerData: options });
  let failure: Error | undefined;
  const calls = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const streams = new Set<Duplex>();
  let nextId = 0;
  const call = (type: string) =>
    new Promise<unknown>((resolve, reject) => {
      if (failure) return reject(failure);
      nextId += 1;
      calls.set(nextId, { resolve, reject });
      worker.postMessage({ type, id: nextId });
    });
  const fail = (error: Error) => {
    failure ??= error;
    for (const pending of calls.values()) pending.reject(failure);
    calls.clear();
    for (const stream of streams) stream.destroy(failure);
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`The embedded database's thread stopped (exit code ${code})`)));
  worker.on('message', (message: { id?: number; error?: string; dump?: Uint8Array }) => {
    const pending = message.id === undefined ? undefined : calls.get(message.id);
    if (!pending || message.id === undefined) return;
    calls.delete(message.id);
    if (message.error) pending.reject(new Error(message.error));
    else pending.resolve(message.dump);
  });

  return {
    connect() {
      const { port1, port2 } = new MessageChannel();
      const stream = portStream(port1);
      if (failure) {
        process.nextTick(() => stream.destroy(failure));
        return stream;
      }
      worker.postMessage({ type: 'connect', port: port2 }, [port2]);
      streams.add(stream);
      stream.on('close', () => streams.delete(stream));
      return stream;
    },
    dump: () => call('dump') as Promise<Uint8Array>,
    async close() {
      try {
        await call('close');
      } finally {
        await worker.terminate();
      }
    },
  };
}

/** A MessagePort dressed as the net.Socket node-postgres expects (it calls connect, setNoDelay, …). */
function portStream(port: MessagePort): Duplex {
  // node-postgres writes a query as several messages in one go: they cross to the thread as one batch.
  let queued: Buffer[] = [];
  const flush = () => {
    if (queued.length === 0) return;
    port.postMessage(queued.length === 1 ? queued[0] : Buffer.concat(queued));
    queued = [];
  };
  const stream = new Duplex({
    write(chunk: Buffer, _encoding, done) {
      if (queued.length === 0) queueMicrotask(flush);
      queued.push(chunk);
      done();
    },
    read() {},
    final(done) {
      flush();
      port.postMessage(null);
      done();
    },
    destroy(error, done) {
      flush();
      port.postMessage(null);
      port.close();
      done(error);
    },
  });
  port.on('message', (message: Uint8Array | { error: string }) => {
    if (message instanceof Uint8Array) stream.push(Buffer.from(message.buffer, message.byteOffset, message.length));
    else stream.destroy(new Error(message.error));
  });
  port.on('close', () => stream.push(null));
  return Object.assign(stream, {
    connect() {
      process.nextTick(() => stream.emit('connect'));
      return stream;
    },
    setNoDelay: () => stream,
    setKeepAlive: () => stream,
    ref: () => port.ref(),
    unref: () => port.unref(),
  });
}
