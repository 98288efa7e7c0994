/**
 * The environment variables the API reads (README: Configuration), each with its default and what
 * it must be, parsed into the configuration the app uses.
 */
import { isIP } from 'node:net';
import { z } from 'zod';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z
  .string()
  .regex(/^[0-9]{1,5}$/, { error: 'must be a port number from 0 to 65535' })
  .transform(Number)
  .pipe(z.int().max(65535, { error: 'must be a port number from 0 to 65535' }));

const METRICS_PORT_ISSUE = 'must be a port number from 0 to 65535, or off';
const metricsPort = z
  .string()
  .refine((value) => value === 'off' || (/^[0-9]{1,5}$/.test(value) && Number(value) <= 65535), {
    error: METRICS_PORT_ISSUE,
  })
  .transform((value) => (value === 'off' ? ('off' as const) : Number(value)));

const databaseUrl = z
  .string()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value) || /^sqlite:.+/.test(value), {
    error: 'must be postgres://user:password@host:port/database or sqlite:<file path>',
  });

const redisUrl = z
  .string()
  .refine((value) => /^rediss?:\/\/.+/.test(value) && URL.canParse(value), {
    error: 'must be redis://host:port (or rediss:// for TLS)',
  });

/** `true`/`false`, a number of proxy hops, or a comma-separated list of proxy addresses or CIDR ranges. */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  if (value === 'true') return true;
  if (value === 'false' || value === '') return false;
  if (/^[0-9]{1,2}$/.test(value)) return Number(value);
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every((entry) => {
    const [address = '', bits, ...rest] = entry.split('/');
    if (rest.length > 0 || isIP(address) === 0) return false;
    if (bits === undefined) return true;
    const max = isIP(address) === 4 ? 32 : 128;
    return /^[0-9]{1,3}$/.test(bits) && Number(bits) <= max;
  });
  if (!valid) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be true, false, a number of proxy hops, or a comma-separated list of addresses or CIDR ranges',
    });
    return z.NEVER;
  }
  return entries;
});

const corsOrigins = z.string().transform((value, ctx): string[] => {
  const origins = value
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of origins) {
    const parsed = URL.canParse(origin) ? new URL(origin) : undefined;
    if (!parsed || !['http:', 'https:'].includes(parsed.protocol) || parsed.origin !== origin) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of origins like https://admin.example.com (no path or trailing slash); "${origin}" is not one`,
      });
      return z.NEVER;
    }
  }
  return origins;
});

/** Where partners reach the API, for absolute URLs (`Location`, `Link`): an origin, maybe a path. */
const publicUrl = z.string().transform((value, ctx): string => {
  const parsed = URL.canParse(value) ? new URL(value) : undefined;
  if (
    !parsed ||
    !['http:', 'https:'].includes(parsed.protocol) ||
    parsed.search !== '' ||
    parsed.hash !== '' ||
    parsed.username !== '' ||
    parsed.password !== ''
  ) {
    ctx.addIssue({
      code: 'custom',
      message:
        'must be the address partners use, like https://api.example.com (http or https, no query)',
    });
    return z.NEVER;
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
});

/**
 * Signs page cursors (`common/cursor.ts`). Outside production a fixed key stands in, so tests and
 * `npm start` need none; anyone can read it here, so production refuses to start without its own.
 */
export const DEVELOPMENT_CURSOR_SECRET = 'petstore-development-cursor-secret-not-for-production';
export const CURSOR_SECRET_MIN_LENGTH = 32;
const cursorSecret = z.string().min(CURSOR_SECRET_MIN_LENGTH, {
  error: `must be at least ${CURSOR_SECRET_MIN_LENGTH} characters (the same on every instance; e.g. openssl rand -base64 48)`,
});

/**
 * How many client addresses the limiter keeps in the process (without Redis) unless
 * RATE_LIMIT_ADDRESSES says: some 420 bytes each (measured), about 85 MB in all.
 */
export const DEFAULT_RATE_LIMIT_ADDRESSES = 200_000;

const count = z
  .string()
  .regex(/^[1-9][0-9]{0,6}$/, { error: 'must be a whole number from 1 to 9,999,999' })
  .transform(Number);

/** The environment variables the API reads (README: Configuration), each with its default. */
export const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1, { error: 'must not be empty' }).default('0.0.0.0'),
  DATABASE_URL: databaseUrl.default('sqlite:data/petstore.sqlite'),
  REDIS_URL: redisUrl.optional(),
  TRUST_PROXY: trustProxy.default(false),
  CORS_ORIGINS: corsOrigins.default([]),
  PUBLIC_URL: publicUrl.optional(),
  MAX_CONNECTIONS: count.default(10_000),
  RATE_LIMIT_ADDRESSES: count.default(DEFAULT_RATE_LIMIT_ADDRESSES),
  METRICS_PORT: metricsPort.default(9464),
  METRICS_HOST: z.string().min(1, { error: 'must not be empty' }).default('127.0.0.1'),
  CURSOR_SECRET: cursorSecret.optional(),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
});

/** Variables whose values may hold passwords: never repeated in an error message. */
export const SECRET_VARIABLES = new Set(['DATABASE_URL', 'REDIS_URL', 'CURSOR_SECRET']);

/** The configuration the app runs with, read from the environment: its type is this schema's. */
export const ConfigSchema = EnvSchema.transform((env) => ({
  port: env.PORT,
  host: env.HOST,
  database: env.DATABASE_URL.startsWith('sqlite:')
    ? { kind: 'sqlite' as const, file: env.DATABASE_URL.slice('sqlite:'.length) }
    : { kind: 'postgres' as const, url: env.DATABASE_URL },
  redisUrl: env.REDIS_URL,
  trustProxy: env.TRUST_PROXY,
  corsOrigins: env.CORS_ORIGINS,
  /** The origin (and path) partners use, without `/v1`; absolute URLs use it when set. */
  publicUrl: env.PUBLIC_URL,
  /** Connections open at once, at most. */
  maxConnections: env.MAX_CONNECTIONS,
  /** Client addresses the limiter keeps in this process (without Redis), the least recent let go. */
  rateLimitAddresses: env.RATE_LIMIT_ADDRESSES,
  /** Where Prometheus scrapes `/metrics` (never the public port); `undefined`: no metrics at all. */
  metrics:
    env.METRICS_PORT === 'off' ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST },
  /**
   * The key of the cursors' HMAC, shared by every instance; `undefined` only in production without
   * `CURSOR_SECRET`, where the API refuses to start ({@link missingForServing}).
   */
  cursorSecret:
    env.CURSOR_SECRET ?? (env.NODE_ENV === 'production' ? undefined : DEVELOPMENT_CURSOR_SECRET),
  logLevel: env.LOG_LEVEL,
  env: env.NODE_ENV,
}));
