import type { Database, Db } from './db/client';
import type { NotifiedCache } from './db/notified-cache';
import type { UserRow } from './db/schema';
import type { AttemptStore } from './lib/attempt-store';
import type { FileStore } from './lib/file-store';
import type { TicketSigner } from './lib/ticket-code';
import type { AccessLogger } from './modules/privacy/access-log';
import type { ConsentCodeSender } from './modules/privacy/consent-code-sender';
import type { UserCache } from './modules/users/user-cache';

/** Where a service writes a log line (the app's logger; pino's `info(object, message)`). */
export type Log = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
};

/** Issues a 60-minute session token for a user (the auth plugin signs it with the JWT secret). */
export type SessionSigner = (user: Pick<UserRow, 'uuid' | 'role' | 'sessionVersion'>) => {
  token: string;
  expiresAt: number;
};

/** What the messages module knows of the providers configured (app.ts builds it from the environment). */
export type Messaging = {
  /** 'whatsapp', 'sms', or 'none' (messages are prepared: the screen offers the WhatsApp link). */
  channel: 'whatsapp' | 'sms' | 'none';
  /** Checks the signature of WhatsApp's webhooks; without it, they are refused. */
  whatsAppAppSecret?: string | undefined;
  /** Answers WhatsApp's webhook verification; without it, verification is refused. */
  whatsAppVerifyToken?: string | undefined;
  /** Checks MSG91's webhooks (the `?token=` of their URLs); without it, they are refused. */
  msg91WebhookSecret?: string | undefined;
  /** Wakes this instance's worker (a job was just queued); the others find the rows on their next look. */
  wake(): void;
  /** True while this instance answers other requests: its webhooks give way to them (lib/give-way.ts). */
  isServing(): boolean;
};

/** Issues a student's session token (issue 28): audience 'student', the student's token version. */
export type StudentSessionSigner = (student: { studentId: string; tokenVersion: number }) => {
  token: string;
  expiresAt: number;
};

/**
 * What the services use, built once by `buildApp` (app.ts) and reachable in routes as `app.deps`. A
 * service names the part it takes, `Pick<Deps, 'db' | 'files'>`, and nothing else: the seed and the
 * tests call it with just that part, no app built.
 */
export type Deps = {
  /** Drizzle on the app's database: every read and write. */
  db: Db;
  /** The database itself (its URL, listener, snapshot): backups. */
  database: Database;
  /** Uploaded photos, under DATA_DIR/files or in the database. */
  files: FileStore;
  /** Failure and rate counters, in Redis when several instances share them. */
  attempts: AttemptStore;
  /** The users behind sessions, emptied on a change of a user row. */
  userCache: UserCache;
  /** What the public hall-ticket and result lookups read, until a change is announced. */
  lookupCache: NotifiedCache;
  /** Pages of the Visiting Table as answered, until an enquiry changes. */
  enquiryPages: NotifiedCache;
  /** Signs and checks the codes in hall tickets' QR codes (key derived from the JWT secret). */
  ticketSigner: TicketSigner;
  signSession: SessionSigner;
  /** How messages to parents leave (a provider, or prepared by hand) and the webhooks' secrets. */
  messaging: Messaging;
  signStudentSession: StudentSessionSigner;
  /** Now, for the rules that read the date (tests move it). */
  clock: () => Date;
  log: Log;
  /** Carries a parent's one-time consent code (issue 27); the messages outbox at merge. */
  consentCodeSender: ConsentCodeSender;
  /** Staff reads of students' data, written in batches (issue 27). */
  accessLog: AccessLogger;
};
