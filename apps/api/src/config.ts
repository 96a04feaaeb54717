import { z } from 'zod';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value?.trim() ? value.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  /** The schema owner's connection, for migrations only; the app then uses DATABASE_URL's lesser role. */
  MIGRATION_DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
  JWT_SECRET: optionalText.pipe(z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional()),
  ADMIN_EMAIL: optionalText.pipe(z.email('ADMIN_EMAIL must be an email address').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'ADMIN_PASSWORD must be at least 6 characters').optional()),
  /** A bearer token that may read GET /api/metrics without a user (Prometheus). */
  METRICS_TOKEN: optionalText.pipe(z.string().min(32, 'METRICS_TOKEN must be at least 32 characters').optional()),
  REDIS_URL: optionalText.pipe(z.url({ protocol: /^rediss?$/ }).optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  WEB_DIST: optionalText,
  FILE_STORE: z.enum(['disk', 'database']).default('disk'),
  /** Backups: a file holding a 32-byte key, kept outside DATA_DIR, or a passphrase (one of the two). */
  BACKUP_KEY_FILE: optionalText,
  BACKUP_PASSPHRASE: optionalText,
  /** `npm run backup:rekey`: the key an archive was made with, when it changes. */
  BACKUP_OLD_KEY_FILE: optionalText,
  BACKUP_OLD_PASSPHRASE: optionalText,
  // Messages to parents (issue 26): WhatsApp Business Cloud API, else MSG91 SMS, else prepared by hand.
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText,
  WHATSAPP_API_URL: z.url().default('https://graph.facebook.com/v21.0'),
  WHATSAPP_APP_SECRET: optionalText,
  WHATSAPP_VERIFY_TOKEN: optionalText,
  WHATSAPP_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(20),
  MSG91_AUTH_KEY: optionalText,
  MSG91_FLOW_ID: optionalText,
  MSG91_API_URL: z.url().default('https://control.msg91.com/api/v5'),
  MSG91_RATE_PER_SECOND: z.coerce.number().positive().max(1000).default(10),
  /** The `?token=` MSG91's delivery-report and inbound-SMS webhook URLs carry; without it, they are refused. */
  MSG91_WEBHOOK_SECRET: optionalText,
  MESSAGE_WORKER: z.enum(['on', 'off']).default('on'),
  /** How long a claimed message is held before another worker may take it (a crashed sender's). */
  MESSAGE_LEASE_SECONDS: z.coerce.number().int().min(5).max(3600).default(60),
});

/** Rules between variables, checked on the raw input so they are listed even when a field fails. */
function crossChecks(source: NodeJS.ProcessEnv): { path: string; message: string }[] {
  const set = (name: string) => Boolean(source[name]?.trim());
  const problems: { path: string; message: string }[] = [];
  if (set('DATABASE_URL') && !set('JWT_SECRET')) {
    problems.push({
      path: 'JWT_SECRET',
      message: 'JWT_SECRET is required with DATABASE_URL (every instance must share it)',
    });
  }
  if (set('MIGRATION_DATABASE_URL') && !set('DATABASE_URL')) {
    problems.push({ path: 'MIGRATION_DATABASE_URL', message: 'MIGRATION_DATABASE_URL goes with DATABASE_URL' });
  }
  if (set('WHATSAPP_TOKEN') !== set('WHATSAPP_PHONE_NUMBER_ID')) {
    problems.push({
      path: 'WHATSAPP_PHONE_NUMBER_ID',
      message: 'WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together',
    });
  }
  if (set('MSG91_AUTH_KEY') !== set('MSG91_FLOW_ID')) {
    problems.push({ path: 'MSG91_FLOW_ID', message: 'MSG91_AUTH_KEY and MSG91_FLOW_ID go together' });
  }
  if (set('ADMIN_EMAIL') !== set('ADMIN_PASSWORD')) {
    problems.push({ path: 'ADMIN_PASSWORD', message: 'ADMIN_EMAIL and ADMIN_PASSWORD go together' });
  }
  return problems;
}

export type Env = z.infer<typeof envSchema>;

/** What the app needs to run; tests build one directly. */
export type AppConfig = {
  jwtSecret: string;
  logLevel: Env['LOG_LEVEL'];
  redisUrl?: string | undefined;
  trustProxy: boolean;
  /** Bearer token for GET /api/metrics besides admins' sessions. */
  metricsToken?: string | undefined;
  /** Built web app to serve; none in API-only tests. */
  webDist?: string | undefined;
  /** Providers of messages to parents and the outbox worker; none in tests (messages are prepared). */
  messaging?: MessagingConfig | undefined;
};

export type MessagingConfig = {
  /** The WhatsApp Business Cloud API sender (modules/messages/providers.ts). */
  whatsapp?: { token: string; phoneNumberId: string; apiUrl: string; ratePerSecond: number } | undefined;
  /** The MSG91 SMS sender, used when WhatsApp is not configured. */
  msg91?: { authKey: string; flowId: string; apiUrl: string; ratePerSecond: number } | undefined;
  /** Checks the signature of WhatsApp's webhooks (X-Hub-Signature-256). */
  whatsAppAppSecret?: string | undefined;
  /** Answers WhatsApp's webhook verification (hub.verify_token). */
  whatsAppVerifyToken?: string | undefined;
  /** Checks MSG91's webhooks (their URLs' `?token=`). */
  msg91WebhookSecret?: string | undefined;
  /** Run the outbox worker in this process. */
  worker: boolean;
  /** A claim's lease, in milliseconds. */
  leaseMs?: number | undefined;
};

/** The messaging part of the environment, as the app takes it. */
export function messagingConfigOf(env: Env): MessagingConfig {
  return {
    whatsapp:
      env.WHATSAPP_TOKEN && env.WHATSAPP_PHONE_NUMBER_ID
        ? {
            token: env.WHATSAPP_TOKEN,
            phoneNumberId: env.WHATSAPP_PHONE_NUMBER_ID,
            apiUrl: env.WHATSAPP_API_URL,
            ratePerSecond: env.WHATSAPP_RATE_PER_SECOND,
          }
        : undefined,
    msg91:
      env.MSG91_AUTH_KEY && env.MSG91_FLOW_ID
        ? {
            authKey: env.MSG91_AUTH_KEY,
            flowId: env.MSG91_FLOW_ID,
            apiUrl: env.MSG91_API_URL,
            ratePerSecond: env.MSG91_RATE_PER_SECOND,
          }
        : undefined,
    whatsAppAppSecret: env.WHATSAPP_APP_SECRET,
    whatsAppVerifyToken: env.WHATSAPP_VERIFY_TOKEN,
    msg91WebhookSecret: env.MSG91_WEBHOOK_SECRET,
    worker: env.MESSAGE_WORKER === 'on',
    leaseMs: env.MESSAGE_LEASE_SECONDS * 1000,
  };
}

export class ConfigError extends Error {}

/** Parses the environment once at boot; fails with every problem listed. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseOrFail(envSchema, source, crossChecks(source));
}

const dataEnvSchema = envSchema.pick({
  DATA_DIR: true,
  DATABASE_URL: true,
  FILE_STORE: true,
  ADMIN_EMAIL: true,
  ADMIN_PASSWORD: true,
  BACKUP_KEY_FILE: true,
  BACKUP_PASSPHRASE: true,
  BACKUP_OLD_KEY_FILE: true,
  BACKUP_OLD_PASSPHRASE: true,
});
export type DataEnv = z.infer<typeof dataEnvSchema>;

/** Where the data is, for the backup, restore and move commands (they sign no sessions: no JWT_SECRET). */
export function readDataEnv(source: NodeJS.ProcessEnv = process.env): DataEnv {
  return parseOrFail(dataEnvSchema, source, []);
}

function parseOrFail<T extends z.ZodType>(
  schema: T,
  source: NodeJS.ProcessEnv,
  extra: { path: string; message: string }[],
): z.infer<T> {
  const parsed = schema.safeParse(source);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }))),
    ...extra,
  ];
  if (problems.length > 0 || !parsed.success) {
    const lines = problems.map((problem) => `  - ${problem.path || 'env'}: ${problem.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
