import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { bootstrapDatabase } from './bootstrap';
import { ConfigError, type Env, messagingConfigOf, readEnv } from './config';
import { DataDirBusyError } from './db/data-dir-lock';
import { databaseFileStore, diskFileStore } from './lib/file-store';
import { openDatabase } from './server-database';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The embedded database keeps its signing secret beside its data, made once. */
function jwtSecretFor(env: Env): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(env.DATA_DIR, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(env.DATA_DIR, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

async function main(): Promise<void> {
  const env = readEnv();
  const database = await openDatabase(env);
  const app = await buildApp({
    config: {
      jwtSecret: jwtSecretFor(env),
      logLevel: env.LOG_LEVEL,
      redisUrl: env.REDIS_URL,
      metricsToken: env.METRICS_TOKEN,
      trustProxy: env.TRUST_PROXY,
      webDist: env.WEB_DIST ?? path.resolve(here, '../../web/dist'),
      messaging: messagingConfigOf(env),
    },
    database,
    files:
      env.FILE_STORE === 'database' ? databaseFileStore(database.db) : diskFileStore(path.join(env.DATA_DIR, 'files')),
  });

  const firstAdmin = await bootstrapDatabase(database.db, { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD });
  if (firstAdmin?.generated) {
    console.log(
      `\n  First admin created. Sign in with\n    email:    ${firstAdmin.email}\n    password: ${firstAdmin.password}\n  and role admin. This password is shown only now: change it from User Details.\n`,
    );
  } else if (firstAdmin) {
    app.log.info({ email: firstAdmin.email }, 'first admin created from ADMIN_EMAIL');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 10_000);
    force.unref();
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  const address = await app.listen({ port: env.PORT, host: env.HOST });
  // `npm run backup` finds the running embedded server through its data dir lock.
  database.dataDirLock?.advertise(localUrl(address));
}

/** Where a process on this machine reaches the server: loopback when it listens on every interface. */
function localUrl(address: string): string {
  const url = new URL(address);
  if (url.hostname === '0.0.0.0' || url.hostname === '[::]') url.hostname = '127.0.0.1';
  return url.origin;
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirBusyError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
