import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BASE_PATH, DEFAULT_CURRENCY } from '@bank/contract';
import { SERVER_ID, defaultServerId } from './platform/server-id.js';
import type { UploadStoreSettings } from './platform/files/open.js';

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce
    .number({ error: 'must be a whole number from 0 to 65535' })
    .int('must be a whole number from 0 to 65535')
    .min(0, 'must be a whole number from 0 to 65535')
    .max(65535, 'must be a whole number from 0 to 65535')
    .default(3000),
  BASE_PATH: z
    .string()
    .regex(
      /^\/[A-Za-z0-9._~-]+(?:\/[A-Za-z0-9._~-]+)*$/,
      'must start with "/", have no trailing "/" and contain only URL-safe characters (e.g. /wp-user)',
    )
    .refine((p) => p !== '/api' && !p.startsWith('/api/'), 'must not be under /api')
    .default(DEFAULT_BASE_PATH),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// connection URL')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  SECRET_KEY: z.string().min(32, 'must be at least 32 characters (e.g. 64 hex digits)').optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code of three capital letters (e.g. USD)')
    .default(DEFAULT_CURRENCY),
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+$/, 'must be the site origin, e.g. https://bank.example (no path)')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/.+/, 'must be an smtp:// or smtps:// URL (e.g. smtp://127.0.0.1:2525)')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL (e.g. redis://127.0.0.1:6379)')
    .optional(),
  MAIL_FROM: z.string().min(3).default('"Cedar Bank" <no-reply@localhost>'),
  BOOTSTRAP_ADMIN_EMAIL: z.string().optional(),
  BOOTSTRAP_ADMIN_PASSWORD: z.string().optional(),
  SERVER_ID: z
    .string()
    .regex(SERVER_ID, 'must be 1 to 64 letters, digits, dots, colons, dashes or underscores')
    .optional(),
  UPLOAD_STORE: z
    .enum(['local', 'database', 's3'], { error: 'must be local, database or s3' })
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be an S3 bucket name (e.g. cedar-uploads)')
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name (e.g. eu-west-1)')
    .default('us-east-1'),
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+\/?$/, 'must be the service origin, e.g. https://s3.example.net')
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false'),
  S3_PREFIX: z
    .string()
    .regex(/^(?:[A-Za-z0-9._-]+\/)*$/, 'must be empty or a folder ending in "/" (e.g. uploads/)')
    .default('uploads/'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx) => {
      if (v === 'false') return false as const;
      const proxies = v.split(',').map((a) => a.trim());
      const known = /^(loopback|linklocal|uniquelocal|[0-9A-Fa-f.:]+(\/\d{1,3})?)$/;
      if (proxies.every((a) => known.test(a))) return proxies;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, or the addresses of the proxies in front of the app (e.g. 10.0.0.1,10.0.0.0/8 or loopback)',
      });
      return z.NEVER;
    }),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  basePath: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  secretKey: string;
  currency: string;
  /**
   * The app's address for links in emails: PUBLIC_URL + BASE_PATH. Without PUBLIC_URL, the
   * loopback address it listens on (main.ts fills in the real port once listening).
   */
  appUrl: string;
  /**
   * PUBLIC_URL: the only origin browsers may send state-changing requests from. Unset
   * (development only): the loopback origins of the port the server listens on.
   */
  publicOrigin: string | undefined;
  /** Unset: mail goes to the local mailbox in the data folder (development). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Set: per-address rate limits are counted in Redis, shared by every app server. */
  redisUrl: string | undefined;
  /**
   * Where uploads are kept (decision 32): UPLOAD_STORE, by default the database when
   * DATABASE_URL is set (every app server reaches it), the data folder otherwise.
   */
  uploadStore: UploadStoreSettings;
  /** Creates the first staff admin at start, when both variables are set. */
  bootstrapAdmin: { email: string; password: string } | undefined;
  logLevel: string;
  /** Which app server this is: the X-Served-By header and every log line (decision 0031). */
  serverId: string;
  /** false, or the proxies' addresses: never "trust everyone". */
  trustProxy: false | string[];
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Reads and checks the environment. A bad value stops the start with a message naming the
 * variable. SECRET_KEY, when unset, is generated once into the data folder and reused.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(
    Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')),
  );
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production') {
    const missing = [
      // The local mailbox keeps codes on disk: a development convenience only.
      !e.SMTP_URL && '  SMTP_URL: required in production (customers receive their codes by email)',
      // Requests are accepted only from the site's own origin, which must be known.
      !e.PUBLIC_URL &&
        '  PUBLIC_URL: required in production (the origin customers use, e.g. https://bank.example)',
    ].filter(Boolean);
    if (missing.length > 0) {
      throw new ConfigError(`Invalid configuration:\n${missing.join('\n')}`);
    }
  }
  const dataDir = path.resolve(e.DATA_DIR);
  const uploadStore = uploadStoreFrom(e);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    basePath: e.BASE_PATH,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    secretKey: e.SECRET_KEY ?? readOrCreateSecret(dataDir),
    currency: e.CURRENCY,
    appUrl: `${e.PUBLIC_URL ?? `http://${linkHost(e.HOST)}:${e.PORT}`}${e.BASE_PATH}`,
    publicOrigin: e.PUBLIC_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    redisUrl: e.REDIS_URL,
    uploadStore,
    bootstrapAdmin:
      e.BOOTSTRAP_ADMIN_EMAIL && e.BOOTSTRAP_ADMIN_PASSWORD
        ? { email: e.BOOTSTRAP_ADMIN_EMAIL, password: e.BOOTSTRAP_ADMIN_PASSWORD }
        : undefined,
    logLevel: e.LOG_LEVEL,
    serverId: e.SERVER_ID ?? defaultServerId(),
    trustProxy: e.TRUST_PROXY,
  };
}

function uploadStoreFrom(e: z.infer<typeof envSchema>): UploadStoreSettings {
  const kind = e.UPLOAD_STORE ?? (e.DATABASE_URL ? 'database' : 'local');
  if (kind !== 's3') return { kind };
  const problems = [
    !e.S3_BUCKET && '  S3_BUCKET: required when UPLOAD_STORE is s3',
    !e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY &&
      '  S3_ACCESS_KEY_ID: give it with S3_SECRET_ACCESS_KEY, or neither (the AWS credential chain)',
  ].filter(Boolean);
  if (problems.length > 0 || !e.S3_BUCKET) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return {
    kind,
    bucket: e.S3_BUCKET,
    region: e.S3_REGION,
    endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
    forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
    prefix: e.S3_PREFIX,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** How a link should name the listening address: a wildcard address is reached as localhost. */
export function linkHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return 'localhost';
  return host.includes(':') ? `[${host}]` : host;
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret.key');
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) throw new ConfigError(`Invalid configuration:\n  ${file}: too short`);
    return secret;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  return secret;
}
