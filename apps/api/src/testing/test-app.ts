import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Role } from '@app/domain/roles';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../app';
import { bootstrapDatabase } from '../bootstrap';
import type { MessagingConfig } from '../config';
import { type Database, openPglite, openPostgres } from '../db/client';
import type { AttemptStore } from '../lib/attempt-store';
import { databaseFileStore, diskFileStore } from '../lib/file-store';
import type { ConsentCodeSender } from '../modules/privacy/consent-code-sender';
import { multipartBody, testJpeg } from './photos';
import { withDatabase } from './postgres-url';

export const ADMIN = { email: 'admin@test.local', password: 'admin-pass-1' } as const;
export const TEST_JWT_SECRET = 'test-secret-0123456789-0123456789-0123456789';

/**
 * A fresh, migrated database: PGlite by default, PostgreSQL in the api:postgres project. With `dataDir`,
 * an embedded database on disk there (as the server keeps it in DATA_DIR/pglite).
 */
export async function freshDatabase(options: { dataDir?: string } = {}): Promise<Database> {
  if (options.dataDir) {
    return openPglite({ dataDir: options.dataDir, loadDataDir: readFileSync(inject('pgliteTemplate')) });
  }
  if (process.env.TEST_DB_DRIVER === 'postgres') {
    const url = process.env.TEST_DATABASE_URL as string;
    const template = inject('postgresTemplate');
    const name = `${template.replace(/_template$/, '')}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const database = openPostgres(withDatabase(url, name), { max: 5 });
    return {
      ...database,
      async close() {
        await database.close();
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  return openPglite({ loadDataDir: readFileSync(inject('pgliteTemplate')) });
}

/** The bearer header a signed-in user sends. */
export type AuthHeaders = { authorization: string };

/** A counsellor or teacher made by `createStaff`, signed in. */
export type TestStaff = { uuid: string; email: string; password: string; headers: AuthHeaders };

export type TestApp = {
  app: FastifyInstance;
  /** Where uploads go with the disk file store. */
  filesDir: string;
  /** Signs in and answers the bearer header for later requests. */
  login(email: string, password: string, role: Role): Promise<AuthHeaders>;
  adminAuth(): Promise<AuthHeaders>;
  /** Creates a counsellor or teacher through the API and signs them in. */
  createStaff(input: {
    role: 'counsellor' | 'teacher';
    email?: string;
    name?: string;
    branch?: string;
  }): Promise<TestStaff>;
  /** Uploads a real JPEG as the given user; answers its imageUrl. */
  uploadPhoto(headers: AuthHeaders, colour?: { r: number; g: number; b: number }): Promise<string>;
  close(): Promise<void>;
};

/** The whole app on a fresh database, with the first admin in place. */
export async function createTestApp(
  options: {
    attempts?: AttemptStore;
    fileStore?: 'disk' | 'database';
    /** PGlite on disk in DATA_DIR/pglite, files in DATA_DIR/files, as the server keeps them; kept on close. */
    dataDir?: string;
    webDist?: string;
    /** Now, as the app sees it (a fake clock moves it); the real time otherwise. */
    clock?: () => Date;
    /** As behind a TLS reverse proxy (X-Forwarded-Proto and -For are believed). */
    trustProxy?: boolean;
    metricsToken?: string;
    /** Log at info level into this stream (tests that read the log). */
    logStream?: { write(line: string): void };
    /** Captures consent codes instead of preparing WhatsApp links. */
    consentCodeSender?: ConsentCodeSender;
    /** Message providers and webhook secrets (modules/messages); none: messages are prepared. */
    messaging?: MessagingConfig;
  } = {},
): Promise<TestApp> {
  const database = await freshDatabase(options.dataDir ? { dataDir: path.join(options.dataDir, 'pglite') } : {});
  const filesDir = options.dataDir
    ? path.join(options.dataDir, 'files')
    : mkdtempSync(path.join(tmpdir(), 'test-files-'));
  const app = await buildApp({
    config: {
      jwtSecret: TEST_JWT_SECRET,
      logLevel: options.logStream ? 'info' : 'silent',
      trustProxy: options.trustProxy ?? false,
      webDist: options.webDist,
      metricsToken: options.metricsToken,
      messaging: options.messaging,
    },
    ...(options.logStream ? { logStream: options.logStream } : {}),
    database,
    files: options.fileStore === 'database' ? databaseFileStore(database.db) : diskFileStore(filesDir),
    ...(options.attempts ? { attempts: options.attempts } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.consentCodeSender ? { consentCodeSender: options.consentCodeSender } : {}),
  });
  await bootstrapDatabase(database.db, ADMIN, app.deps.clock());
  await app.ready();

  let adminHeaders: { authorization: string } | undefined;
  let staffCount = 0;

  const login: TestApp['login'] = async (email, password, role) => {
    const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, role } });
    if (response.statusCode !== 200) throw new Error(`login ${email} failed: ${response.statusCode} ${response.body}`);
    return { authorization: `Bearer ${response.json().token}` };
  };

  const adminAuth = async () => {
    adminHeaders ??= await login(ADMIN.email, ADMIN.password, 'admin');
    return adminHeaders;
  };

  return {
    app,
    filesDir,
    login,
    adminAuth,
    async createStaff({ role, email, name, branch }) {
      staffCount += 1;
      const password = `pass-${staffCount}-word`;
      const userEmail = email ?? `${role}${staffCount}@test.local`;
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/register',
        headers: await adminAuth(),
        payload: {
          name: name ?? `${role} ${staffCount}`,
          email: userEmail,
          role,
          contactNum: '9876543210',
          branch: role === 'counsellor' ? (branch ?? `Branch ${staffCount}`) : null,
          commission: role === 'counsellor' ? 10 : 0,
          dob: '1990-01-01',
          password,
        },
      });
      if (response.statusCode !== 201) throw new Error(`create ${role} failed: ${response.body}`);
      const uuid = response.json().data.uuid as string;
      return { uuid, email: userEmail, password, headers: await login(userEmail, password, role) };
    },
    async uploadPhoto(headers, colour) {
      const body = multipartBody(await testJpeg(120, 160, colour ?? { r: 10, g: 20, b: 30 }));
      const response = await app.inject({
        method: 'POST',
        url: '/api/upload-photo',
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      });
      if (response.statusCode !== 201) throw new Error(`upload failed: ${response.body}`);
      return response.json().imageUrl as string;
    },
    async close() {
      await app.close();
      if (!options.dataDir) rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/** A second instance of the app on the same PostgreSQL database, as another server would be; ready. */
export async function secondInstance(t: TestApp): Promise<FastifyInstance> {
  const other = await buildApp({
    config: { jwtSecret: TEST_JWT_SECRET, logLevel: 'silent', trustProxy: false },
    database: openPostgres(t.app.deps.database.url as string, { max: 2 }),
    files: t.app.deps.files,
  });
  await other.ready();
  return other;
}
