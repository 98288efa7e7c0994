/**
 * The environment variables the API reads (docs/operators/configuration.md), each with its default
 * and what it must be, parsed into the configuration the app uses.
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
 * Signs page cursors (`paging/cursor.ts`). Outside production a fixed key stands in, so tests and
 * `npm start` need none; anyone can read it here, so production refuses to start without its own.
 */
export const DEVELOPMENT_CURSOR_SECRET = 'petstore-development-cursor-secret-not-for-production';
export const CURSOR_SECRET_MIN_LENGTH = 32;
const cursorSecret = z.string().min(CURSOR_SECRET_MIN_LENGTH, {
  error: `must be at least ${CURSOR_SECRET_MIN_LENGTH} characters (the same on every instance; e.g. openssl rand -base64 48)`,
});

/**
 * Encrypts webhook endpoints' signing secrets at rest (`webhooks/webhook-secrets.ts`): they sign
 * deliveries, so they cannot be hashed. Outside production a fixed key stands in, as for cursors.
 */
export const DEVELOPMENT_WEBHOOK_SECRETS_KEY =
  'petstore-development-webhook-secrets-key-not-for-production';
export const WEBHOOK_SECRETS_KEY_MIN_LENGTH = 32;
const webhookSecretsKey = z.string().min(WEBHOOK_SECRETS_KEY_MIN_LENGTH, {
  error: `must be at least ${WEBHOOK_SECRETS_KEY_MIN_LENGTH} characters (the same on every instance, kept as long as any endpoint; e.g. openssl rand -base64 48)`,
});

const flag = z
  .enum(['true', 'false'], { error: 'must be true or false' })
  .transform((value) => value === 'true');

/**
 * How many client addresses the limiter keeps in the process (without Redis) unless
 * RATE_LIMIT_ADDRESSES says: about 85 MB in all.
 */
export const DEFAULT_RATE_LIMIT_ADDRESSES = 200_000;

const count = z
  .string()
  .regex(/^[1-9][0-9]{0,6}$/, { error: 'must be a whole number from 1 to 9,999,999' })
  .transform(Number);

/**
 * How often an idle instance looks for webhook work (retries come due, events other instances
 * wrote), in milliseconds. An instance hands out the events it writes itself at once. At 250 ms
 * the looks doubled the time of 250 pets created in a row (not yet explained; measured in the
 * client's integration test).
 */
export const DEFAULT_WEBHOOK_POLL_MS = 1000;
const webhookPollMs = count.pipe(
  z
    .int()
    .min(100, { error: 'must be from 100 to 3600000 (milliseconds)' })
    .max(3_600_000, { error: 'must be from 100 to 3600000 (milliseconds)' }),
);

/** Hosts a plain-http issuer may have: this machine only (a provider for development or tests). */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The OpenID Connect issuer (docs/staff/sign-in.md): an http(s) URL kept exactly as written, since
 * discovery compares it with the provider's `issuer` character for character.
 */
const oidcIssuer = z.string().transform((value, ctx): string => {
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
        "must be the identity provider's issuer, like https://sso.example.com/realms/acme (https, no query)",
    });
    return z.NEVER;
  }
  return value;
});

/** A domain name in an email address after `@`, compared in lower case. */
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const oidcAllowedDomains = z.string().transform((value, ctx): string[] => {
  const domains = value
    .split(',')
    .map((domain) => domain.trim().toLowerCase())
    .filter((domain) => domain !== '');
  for (const domain of domains)
    if (!DOMAIN.test(domain)) {
      ctx.addIssue({
        code: 'custom',
        message: `must be a comma-separated list of email domains like acme.example,acme.co.uk; "${domain}" is not one`,
      });
      return z.NEVER;
    }
  return [...new Set(domains)];
});

const accountId = z
  .string()
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'must be the id of an account (a whole number from 1)' })
  .transform(Number);

/**
 * The mail server invitations and reset links go out through (docs/operators/configuration.md):
 * smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start), with a host.
 */
const smtpUrl = z.string().refine(
  (value) => {
    const parsed = URL.canParse(value) ? new URL(value) : undefined;
    return !!parsed && ['smtp:', 'smtps:'].includes(parsed.protocol) && parsed.hostname !== '';
  },
  { error: 'must be smtp://user:password@host:port or smtps://user:password@host:port' },
);

/** A plain address, or a name and an address in angle brackets: `Pet Store <pets@acme.example>`. */
const EMAIL_ADDRESS = /^[^\s@<>()",;:]+@[^\s@<>()",;:]+$/;
const mailFrom = z.string().refine(
  (value) => {
    const named = /^([^<>"\r\n]*)<([^<>]+)>$/.exec(value.trim());
    return EMAIL_ADDRESS.test(named ? (named[2] ?? '') : value.trim());
  },
  { error: 'must be an email address, or a name and one: Pet Store <pets@example.com>' },
);

/** The OIDC_ variables that turn single sign-on on: all three or none. */
const OIDC_REQUIRED = ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'] as const;

const EnvFields = z.object({
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
  WEBHOOK_SECRETS_KEY: webhookSecretsKey.optional(),
  WEBHOOK_ALLOW_PRIVATE: flag.default(false),
  WEBHOOK_DELIVERY: flag.default(true),
  WEBHOOK_POLL_MS: webhookPollMs.default(DEFAULT_WEBHOOK_POLL_MS),
  LOG_LEVEL: z
    .enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` })
    .default('info'),
  NODE_ENV: z
    .enum(['development', 'production', 'test'], {
      error: 'must be development, production or test',
    })
    .default('development'),
  SMTP_URL: smtpUrl.optional(),
  MAIL_FROM: mailFrom.optional(),
  OIDC_ISSUER: oidcIssuer.optional(),
  OIDC_CLIENT_ID: z.string().min(1, { error: 'must not be empty' }).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1, { error: 'must not be empty' }).optional(),
  OIDC_ALLOWED_DOMAINS: oidcAllowedDomains.default([]),
  OIDC_ACCOUNT_ID: accountId.optional(),
  OIDC_PROVIDER_NAME: z
    .string()
    .trim()
    .min(1, { error: 'must not be empty' })
    .max(60, { error: 'must be at most 60 characters' })
    .optional(),
});

/**
 * Single sign-on's variables together (docs/staff/sign-in.md): the issuer, client id and secret
 * all or none; with them, PUBLIC_URL (the redirect address is built from it), an account for the
 * allowed domains, and plain http only for this machine's provider outside production.
 */
export const EnvSchema = EnvFields.superRefine((env, ctx) => {
  mailIssues(env, ctx);
  // Production sends webhooks only to public https addresses (decisions §22).
  if (env.WEBHOOK_ALLOW_PRIVATE && env.NODE_ENV === 'production')
    ctx.addIssue({
      code: 'custom',
      path: ['WEBHOOK_ALLOW_PRIVATE'],
      message:
        'must not be true in production: it lets webhooks reach this network (development and tests only)',
    });
  const given = OIDC_REQUIRED.filter((name) => env[name] !== undefined);
  const optional = (['OIDC_ACCOUNT_ID', 'OIDC_PROVIDER_NAME'] as const).filter(
    (name) => env[name] !== undefined,
  );
  if (given.length === 0) {
    for (const name of [
      ...optional,
      ...(env.OIDC_ALLOWED_DOMAINS.length > 0 ? ['OIDC_ALLOWED_DOMAINS'] : []),
    ])
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is only read with ${OIDC_REQUIRED.join(', ')} (single sign-on is off without them)`,
      });
    return;
  }
  for (const name of OIDC_REQUIRED)
    if (env[name] === undefined)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `is required with ${given.join(' and ')}: single sign-on needs ${OIDC_REQUIRED.join(', ')}`,
      });
  if (env.PUBLIC_URL === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'is required for single sign-on: the redirect address to register with the provider is {PUBLIC_URL}/v1/session/oidc/callback',
    });
  if (env.OIDC_ACCOUNT_ID === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ACCOUNT_ID'],
      message:
        env.OIDC_ALLOWED_DOMAINS.length > 0
          ? 'is required with OIDC_ALLOWED_DOMAINS: the account new people of those domains join'
          : 'is required for single sign-on: the only account whose people it signs in',
    });
  const issuer = env.OIDC_ISSUER === undefined ? undefined : new URL(env.OIDC_ISSUER);
  if (
    issuer?.protocol === 'http:' &&
    (env.NODE_ENV === 'production' || !LOOPBACK_HOSTS.has(issuer.hostname))
  )
    ctx.addIssue({
      code: 'custom',
      path: ['OIDC_ISSUER'],
      message:
        env.NODE_ENV === 'production'
          ? 'must be https in production'
          : 'must be https (plain http only for a provider on this machine: localhost, 127.0.0.1 or [::1])',
    });
});

/**
 * Mail's variables together: MAIL_FROM with SMTP_URL, and PUBLIC_URL, since a link in an email
 * must not take its address from a request's Host header (anyone can send one).
 */
function mailIssues(env: z.output<typeof EnvFields>, ctx: z.RefinementCtx): void {
  if (env.SMTP_URL === undefined) {
    if (env.MAIL_FROM !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['MAIL_FROM'],
        message: 'is only read with SMTP_URL (links are shown, not e-mailed, without it)',
      });
    return;
  }
  if (env.MAIL_FROM === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['MAIL_FROM'],
      message:
        'is required with SMTP_URL: the address mail comes from, like Pet Store <pets@example.com>',
    });
  if (env.PUBLIC_URL === undefined)
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'is required with SMTP_URL: links in mail point to it, like https://pets.example.com',
    });
}

/** Variables whose values may hold passwords: never repeated in an error message. */
export const SECRET_VARIABLES = new Set([
  'SMTP_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'CURSOR_SECRET',
  'OIDC_CLIENT_SECRET',
  'WEBHOOK_SECRETS_KEY',
]);

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
  webhooks: {
    /**
     * The key webhook signing secrets are encrypted under, shared by every instance; `undefined`
     * only in production without `WEBHOOK_SECRETS_KEY`, where the API refuses to start.
     */
    secretsKey:
      env.WEBHOOK_SECRETS_KEY ??
      (env.NODE_ENV === 'production' ? undefined : DEVELOPMENT_WEBHOOK_SECRETS_KEY),
    /** Whether endpoints may be plain http and on private addresses (development and tests). */
    allowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
    /** Whether this instance delivers (off: only tests that run the worker by hand). */
    deliver: env.WEBHOOK_DELIVERY,
    /** How often an idle instance looks for work it was not told of. */
    pollMs: env.WEBHOOK_POLL_MS,
  },
  /** The company identity provider (docs/staff/sign-in.md); `undefined`: single sign-on is off. */
  singleSignOn: singleSignOnOf(env),
  /**
   * Where invitations and reset links are e-mailed (docs/staff/sign-in.md); `undefined`: they are
   * shown once to whoever made them (development).
   */
  mail:
    env.SMTP_URL === undefined || env.MAIL_FROM === undefined || env.PUBLIC_URL === undefined
      ? undefined
      : { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM.trim(), publicUrl: env.PUBLIC_URL },
}));

/** Single sign-on's settings, once {@link EnvSchema} has checked they are all there. */
function singleSignOnOf(env: z.output<typeof EnvSchema>) {
  const { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: clientId, OIDC_CLIENT_SECRET: clientSecret } = env;
  const accountId = env.OIDC_ACCOUNT_ID;
  if (!issuer || !clientId || !clientSecret || env.PUBLIC_URL === undefined || !accountId)
    return undefined;
  return {
    /** As configured; discovery reads `{issuer}/.well-known/openid-configuration`. */
    issuer,
    clientId,
    clientSecret,
    /** Lower case; empty: only invited and existing people sign in. */
    allowedDomains: env.OIDC_ALLOWED_DOMAINS,
    /**
     * The only account whose people single sign-on signs in, and where people of an allowed
     * domain with no person yet join.
     */
    accountId,
    /** What the button says: "Sign in with <name>". */
    providerName: env.OIDC_PROVIDER_NAME ?? new URL(issuer).host,
    /** The address registered with the provider. */
    redirectUri: `${env.PUBLIC_URL}/v1/session/oidc/callback`,
  };
}
