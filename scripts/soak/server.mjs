// One API instance under the soak: started like `npm start` (the built server), watched, killed and
// restarted with the same environment, its resident memory sampled every second.
import { rssMb, startProduct, stopProcess } from '../bench/harness.mjs';
import { quantile } from './stats.mjs';

export const JWT_SECRET = 'soak-secret-soak-secret-soak-secret-4242';

export function createServer({ port, env, name }) {
  const base = `http://127.0.0.1:${port}`;
  const server = {
    name,
    base,
    child: undefined,
    /** True while the soak itself has it down (SIGKILL until ready again). */
    down: false,
    /** How many faults the soak caused it (cut connections, SIGKILL): a request one hit is not an error. */
    faults: 0,
    /** Exits the soak did not cause: [{ code, signal, reason }]. */
    deaths: [],
    rss: [],
    stderr: '',
    async start() {
      const started = await startProduct(port, { JWT_SECRET, ...env });
      server.child = started.child;
      const child = started.child;
      child.stderr.on('data', (chunk) => {
        server.stderr = (server.stderr + chunk).slice(-4000);
      });
      child.once('exit', (code, signal) => {
        if (server.child === child && !server.down) {
          // The line that says why (an unhandled error's first line), not the stack under it.
          const lines = server.stderr.split('\n');
          const reason = lines.find((line) => /Unhandled|Error|error/.test(line)) ?? lines.at(-2) ?? '';
          server.deaths.push({ code, signal, reason: reason.trim().slice(0, 300) });
        }
      });
      return started.coldStartMs;
    },
    alive: () => server.child !== undefined && server.child.exitCode === null && server.child.signalCode === null,
    /**
     * SIGKILL, then the same start again; answers how long it was down. `whileDown` runs between the two
     * (the online-test bench reads the embedded database there, which only one process may open).
     */
    async killAndRestart({ whileDown } = {}) {
      const began = performance.now();
      server.down = true;
      server.faults += 1;
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGKILL');
      await exited;
      await whileDown?.();
      await server.start();
      server.down = false;
      return performance.now() - began;
    },
    /** After a death the soak did not cause: started again so the soak can go on, and reported. */
    async restartAfterDeath() {
      await server.start();
    },
    sampleRss(atSeconds) {
      if (!server.alive()) return;
      try {
        const mb = rssMb(server.child.pid);
        // A process that is exiting has no resident memory left to report.
        if (mb > 0) server.rss.push({ atSeconds, mb });
      } catch {}
    },
    async stop() {
      if (server.child) await stopProcess(server.child);
    },
  };
  return server;
}

/** RSS over time in one line: min / median / max, and the value every `every` seconds. */
export function rssLine(samples, every = 30) {
  if (samples.length === 0) return 'no samples';
  const sorted = samples.map((sample) => sample.mb).sort((a, b) => a - b);
  const marks = [];
  let next = 0;
  for (const sample of samples) {
    if (sample.atSeconds >= next) {
      marks.push(`${Math.round(sample.atSeconds)}s ${Math.round(sample.mb)}`);
      next = sample.atSeconds - (sample.atSeconds % every) + every;
    }
  }
  const last = samples.at(-1);
  if (marks.at(-1) !== `${Math.round(last.atSeconds)}s ${Math.round(last.mb)}`) {
    marks.push(`${Math.round(last.atSeconds)}s ${Math.round(last.mb)}`);
  }
  return (
    `min ${Math.round(sorted[0])} / median ${Math.round(quantile(sorted, 0.5))} / max ${Math.round(sorted.at(-1))} MB; ` +
    marks.join(', ')
  );
}
