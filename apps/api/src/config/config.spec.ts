// Reading the environment: a default for everything, each bad variable named, what production
// requires, and never a URL that may hold a password repeated.
import { describe, expect, it } from 'vitest';
import { DEVELOPMENT_CURSOR_SECRET, DEVELOPMENT_WEBHOOK_SECRETS_KEY } from './config.schema.js';
import { ConfigError, loadConfig, missingForServing } from './config.js';

const problemsOf = (env: Record<string, string>): readonly string[] => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

describe('loadConfig', () => {
  it('has a default for everything', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      database: { kind: 'sqlite', file: 'data/petstore.sqlite' },
      redisUrl: undefined,
      trustProxy: false,
      corsOrigins: [],
      publicUrl: undefined,
      maxConnections: 10_000,
      rateLimitAddresses: 200_000,
      metrics: { port: 9464, host: '127.0.0.1' },
      cursorSecret: DEVELOPMENT_CURSOR_SECRET,
      logLevel: 'info',
      env: 'development',
      webhooks: {
        secretsKey: DEVELOPMENT_WEBHOOK_SECRETS_KEY,
        allowPrivate: false,
        deliver: true,
        pollMs: 1000,
      },
      singleSignOn: undefined,
    });
  });

  it('reads WEBHOOK_SECRETS_KEY (never repeated; required in production) and WEBHOOK_ALLOW_PRIVATE', () => {
    const key = 'k'.repeat(32);
    expect(loadConfig({ WEBHOOK_SECRETS_KEY: key }).webhooks.secretsKey).toBe(key);
    expect(DEVELOPMENT_WEBHOOK_SECRETS_KEY.length).toBeGreaterThanOrEqual(32);
    expect(problemsOf({ WEBHOOK_SECRETS_KEY: 'k'.repeat(31) })).toEqual([
      'WEBHOOK_SECRETS_KEY must be at least 32 characters (the same on every instance, kept as long as any endpoint; e.g. openssl rand -base64 48)',
    ]);
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://api.example.com',
      CURSOR_SECRET: 'c'.repeat(32),
    });
    expect(production.webhooks.secretsKey).toBeUndefined();
    expect(missingForServing(production)).toEqual([
      'WEBHOOK_SECRETS_KEY is required in production (at least 32 characters, the same on every instance, e.g. from openssl rand -base64 48): it encrypts webhook signing secrets',
    ]);

    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'true' }).webhooks.allowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_DELIVERY: 'false' }).webhooks.deliver).toBe(false);
    expect(loadConfig({}).webhooks.pollMs).toBe(1000);
    expect(loadConfig({ WEBHOOK_POLL_MS: '250' }).webhooks.pollMs).toBe(250);
    for (const wrong of ['99', '3600001', '1.5', 'soon'])
      expect(problemsOf({ WEBHOOK_POLL_MS: wrong })).toHaveLength(1);
    expect(problemsOf({ WEBHOOK_POLL_MS: '50' })).toEqual([
      'WEBHOOK_POLL_MS must be from 100 to 3600000 (milliseconds) (got "50")',
    ]);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE: 'false' }).webhooks.allowPrivate).toBe(false);
    expect(problemsOf({ WEBHOOK_ALLOW_PRIVATE: 'yes' })).toEqual([
      'WEBHOOK_ALLOW_PRIVATE must be true or false (got "yes")',
    ]);
    expect(problemsOf({ NODE_ENV: 'production', WEBHOOK_ALLOW_PRIVATE: 'true' })).toEqual([
      'WEBHOOK_ALLOW_PRIVATE must not be true in production: it lets webhooks reach this network (development and tests only) (got "true")',
    ]);
  });

  it('reads CURSOR_SECRET: at least 32 characters, never repeated; required to serve in production', () => {
    const secret = 'x'.repeat(32);
    expect(loadConfig({ CURSOR_SECRET: secret }).cursorSecret).toBe(secret);
    expect(loadConfig({ NODE_ENV: 'test' }).cursorSecret).toBe(DEVELOPMENT_CURSOR_SECRET);
    expect(DEVELOPMENT_CURSOR_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(problemsOf({ CURSOR_SECRET: 'y'.repeat(31) })).toEqual([
      'CURSOR_SECRET must be at least 32 characters (the same on every instance; e.g. openssl rand -base64 48)',
    ]);

    // The development key is public: production has none unless given one, and will not serve.
    const production = loadConfig({ NODE_ENV: 'production' });
    expect(production.cursorSecret).toBeUndefined();
    expect(missingForServing(production)).toEqual([
      'PUBLIC_URL is required in production (the address partners use, like https://api.example.com)',
      'CURSOR_SECRET is required in production (at least 32 characters, the same on every instance, e.g. from openssl rand -base64 48): it signs page cursors',
      'WEBHOOK_SECRETS_KEY is required in production (at least 32 characters, the same on every instance, e.g. from openssl rand -base64 48): it encrypts webhook signing secrets',
    ]);
    const served = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://api.example.com',
      CURSOR_SECRET: secret,
      WEBHOOK_SECRETS_KEY: 'w'.repeat(32),
    });
    expect(served.cursorSecret).toBe(secret);
    expect(missingForServing(served)).toEqual([]);
    expect(missingForServing(loadConfig({}))).toEqual([]);
  });

  it('reads METRICS_PORT and METRICS_HOST; off means no metrics', () => {
    expect(loadConfig({ METRICS_PORT: '9100', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({
      port: 9100,
      host: '0.0.0.0',
    });
    expect(loadConfig({ METRICS_PORT: '0' }).metrics).toEqual({ port: 0, host: '127.0.0.1' });
    expect(loadConfig({ METRICS_PORT: 'off' }).metrics).toBeUndefined();
    for (const value of ['70000', 'no', ''])
      expect(problemsOf({ METRICS_PORT: value })).toEqual([
        `METRICS_PORT must be a port number from 0 to 65535, or off (got ${JSON.stringify(value)})`,
      ]);
  });

  it('reads PUBLIC_URL as an origin with an optional path, and MAX_CONNECTIONS as a count', () => {
    expect(
      loadConfig({ PUBLIC_URL: 'https://api.example.com/', MAX_CONNECTIONS: '500' }),
    ).toMatchObject({ publicUrl: 'https://api.example.com', maxConnections: 500 });
    expect(loadConfig({ PUBLIC_URL: 'https://example.com/pets/' }).publicUrl).toBe(
      'https://example.com/pets',
    );
    for (const value of ['ftp://x', 'https://x/?a=1', 'https://u:p@x', 'nope'])
      expect(problemsOf({ PUBLIC_URL: value })).toEqual([
        `PUBLIC_URL must be the address partners use, like https://api.example.com (http or https, no query) (got ${JSON.stringify(value)})`,
      ]);
    expect(problemsOf({ MAX_CONNECTIONS: '0' })).toHaveLength(1);
    expect(loadConfig({ RATE_LIMIT_ADDRESSES: '5000' }).rateLimitAddresses).toBe(5_000);
    expect(problemsOf({ RATE_LIMIT_ADDRESSES: '-1' })).toEqual([
      'RATE_LIMIT_ADDRESSES must be a whole number from 1 to 9,999,999 (got "-1")',
    ]);
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        DATABASE_URL: 'postgres://pets:secret@127.0.0.1:5432/pets',
        REDIS_URL: 'redis://127.0.0.1:6379',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        CORS_ORIGINS: 'https://admin.example.com,http://localhost:5173',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
      }),
    ).toMatchObject({
      port: 8080,
      database: { kind: 'postgres', url: 'postgres://pets:secret@127.0.0.1:5432/pets' },
      redisUrl: 'redis://127.0.0.1:6379',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      corsOrigins: ['https://admin.example.com', 'http://localhost:5173'],
      logLevel: 'warn',
      env: 'production',
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
  ])('reads TRUST_PROXY=%s', (value, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(trustProxy);
  });

  it('names each bad variable and what it must be', () => {
    expect(problemsOf({ PORT: 'eighty', LOG_LEVEL: 'loud', NODE_ENV: 'prod' })).toEqual([
      'PORT must be a port number from 0 to 65535 (got "eighty")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'NODE_ENV must be development, production or test (got "prod")',
    ]);
    expect(problemsOf({ PORT: '70000' })).toEqual([
      'PORT must be a port number from 0 to 65535 (got "70000")',
    ]);
    expect(problemsOf({ CORS_ORIGINS: 'https://a.example.com/' })[0]).toMatch(
      /^CORS_ORIGINS must be a comma-separated list of origins/,
    );
    expect(problemsOf({ TRUST_PROXY: 'yes' })[0]).toMatch(/^TRUST_PROXY must be true, false/);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/33' })[0]).toMatch(/^TRUST_PROXY must be/);
  });

  it('never repeats a database or Redis URL, which may hold a password', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://root:hunter2@db/pets',
      REDIS_URL: 'http://:hunter2@cache',
    });
    expect(problems).toEqual([
      'DATABASE_URL must be postgres://user:password@host:port/database or sqlite:<file path>',
      'REDIS_URL must be redis://host:port (or rediss:// for TLS)',
    ]);
    expect(problems.join('\n')).not.toContain('hunter2');
  });
});

describe('single sign-on settings (docs/staff/sign-in.md)', () => {
  const OIDC = {
    PUBLIC_URL: 'https://api.example.com/',
    OIDC_ISSUER: 'https://sso.example.com/realms/acme',
    OIDC_CLIENT_ID: 'pets-admin',
    OIDC_CLIENT_SECRET: 'the-client-secret-hunter2',
    OIDC_ACCOUNT_ID: '3',
  };

  it('is off without the issuer, client id and secret; on with all three and PUBLIC_URL', () => {
    expect(loadConfig({}).singleSignOn).toBeUndefined();
    expect(loadConfig(OIDC).singleSignOn).toEqual({
      issuer: 'https://sso.example.com/realms/acme',
      clientId: 'pets-admin',
      clientSecret: 'the-client-secret-hunter2',
      allowedDomains: [],
      accountId: 3,
      providerName: 'sso.example.com',
      redirectUri: 'https://api.example.com/v1/session/oidc/callback',
    });
    // The issuer is kept as written: discovery compares it with the provider's, trailing slash too.
    expect(
      loadConfig({ ...OIDC, OIDC_ISSUER: 'https://t.auth0.example/' }).singleSignOn,
    ).toMatchObject({ issuer: 'https://t.auth0.example/', providerName: 't.auth0.example' });
  });

  it('reads the allowed domains (lower case, trimmed, once each), the account and the name', () => {
    expect(
      loadConfig({
        ...OIDC,
        OIDC_ALLOWED_DOMAINS: ' Acme.example, acme.co.uk ,,acme.example',
        OIDC_ACCOUNT_ID: '7',
        OIDC_PROVIDER_NAME: ' Acme SSO ',
      }).singleSignOn,
    ).toMatchObject({
      allowedDomains: ['acme.example', 'acme.co.uk'],
      accountId: 7,
      providerName: 'Acme SSO',
    });
    expect(loadConfig({ ...OIDC, OIDC_ALLOWED_DOMAINS: '' }).singleSignOn?.allowedDomains).toEqual(
      [],
    );
  });

  it('needs all three, PUBLIC_URL, and the account it signs people in to', () => {
    const { PUBLIC_URL: _, ...withoutPublicUrl } = OIDC;
    expect(problemsOf({ OIDC_ISSUER: OIDC.OIDC_ISSUER, PUBLIC_URL: OIDC.PUBLIC_URL })).toEqual([
      'OIDC_CLIENT_ID is required with OIDC_ISSUER: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
      'OIDC_CLIENT_SECRET is required with OIDC_ISSUER: single sign-on needs OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET',
      'OIDC_ACCOUNT_ID is required for single sign-on: the only account whose people it signs in',
    ]);
    expect(problemsOf(withoutPublicUrl)).toEqual([
      'PUBLIC_URL is required for single sign-on: the redirect address to register with the provider is {PUBLIC_URL}/v1/session/oidc/callback',
    ]);
    const { OIDC_ACCOUNT_ID: __, ...withoutAccount } = OIDC;
    expect(problemsOf({ ...withoutAccount, OIDC_ALLOWED_DOMAINS: 'acme.example' })).toEqual([
      'OIDC_ACCOUNT_ID is required with OIDC_ALLOWED_DOMAINS: the account new people of those domains join',
    ]);
    // Single sign-on signs in only people of one account: without domains too.
    expect(problemsOf(withoutAccount)).toEqual([
      'OIDC_ACCOUNT_ID is required for single sign-on: the only account whose people it signs in',
    ]);
    // Settings of single sign-on without it are a mistake, not ignored.
    expect(problemsOf({ OIDC_ACCOUNT_ID: '2', OIDC_ALLOWED_DOMAINS: 'acme.example' })).toEqual([
      'OIDC_ACCOUNT_ID is only read with OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (single sign-on is off without them) (got "2")',
      'OIDC_ALLOWED_DOMAINS is only read with OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET (single sign-on is off without them) (got "acme.example")',
    ]);
  });

  it('names each bad value', () => {
    expect(
      problemsOf({
        ...OIDC,
        OIDC_ISSUER: 'sso.example.com',
        OIDC_ALLOWED_DOMAINS: 'acme.example,@acme.example',
        OIDC_ACCOUNT_ID: '0',
        OIDC_CLIENT_ID: '',
        OIDC_PROVIDER_NAME: 'x'.repeat(61),
      }),
    ).toEqual([
      `OIDC_ISSUER must be the identity provider's issuer, like https://sso.example.com/realms/acme (https, no query) (got "sso.example.com")`,
      'OIDC_CLIENT_ID must not be empty (got "")',
      'OIDC_ALLOWED_DOMAINS must be a comma-separated list of email domains like acme.example,acme.co.uk; "@acme.example" is not one (got "acme.example,@acme.example")',
      'OIDC_ACCOUNT_ID must be the id of an account (a whole number from 1) (got "0")',
      `OIDC_PROVIDER_NAME must be at most 60 characters (got "${'x'.repeat(61)}")`,
    ]);
  });

  it('takes plain http only for a provider on this machine, and never in production', () => {
    for (const issuer of ['http://127.0.0.1:4000', 'http://localhost:4000/oidc', 'http://[::1]:9'])
      expect(loadConfig({ ...OIDC, OIDC_ISSUER: issuer }).singleSignOn?.issuer).toBe(issuer);
    expect(problemsOf({ ...OIDC, OIDC_ISSUER: 'http://sso.example.com' })).toEqual([
      'OIDC_ISSUER must be https (plain http only for a provider on this machine: localhost, 127.0.0.1 or [::1]) (got "http://sso.example.com")',
    ]);
    expect(
      problemsOf({ ...OIDC, NODE_ENV: 'production', OIDC_ISSUER: 'http://127.0.0.1:4000' }),
    ).toEqual(['OIDC_ISSUER must be https in production (got "http://127.0.0.1:4000")']);
  });

  it('never repeats the client secret', () => {
    const problems = problemsOf({ ...OIDC, OIDC_ISSUER: 'nope', OIDC_CLIENT_SECRET: '' });
    expect(problems).toContain('OIDC_CLIENT_SECRET must not be empty');
    const config = JSON.stringify(problemsOf({ OIDC_CLIENT_SECRET: 'hunter2' }));
    expect(config).not.toContain('hunter2');
    expect(config).toContain('OIDC_CLIENT_ID is required with OIDC_CLIENT_SECRET');
  });
});

describe('mail settings (docs/operators/configuration.md)', () => {
  const MAIL = {
    SMTP_URL: 'smtp://pets:hunter2@mail.example.com:587',
    MAIL_FROM: 'Pet Store <pets@example.com>',
    PUBLIC_URL: 'https://pets.example.com/',
  };

  it('is off without SMTP_URL; on with it, MAIL_FROM and PUBLIC_URL', () => {
    expect(loadConfig({}).mail).toBeUndefined();
    expect(loadConfig(MAIL).mail).toEqual({
      smtpUrl: 'smtp://pets:hunter2@mail.example.com:587',
      from: 'Pet Store <pets@example.com>',
      publicUrl: 'https://pets.example.com',
    });
    expect(
      loadConfig({ ...MAIL, SMTP_URL: 'smtps://mail.example.com', MAIL_FROM: 'pets@example.com' })
        .mail,
    ).toMatchObject({ smtpUrl: 'smtps://mail.example.com', from: 'pets@example.com' });
  });

  it('names each bad value, and never repeats SMTP_URL (it may hold a password)', () => {
    expect(
      problemsOf({ ...MAIL, SMTP_URL: 'http://pets:hunter2@mail.example.com', MAIL_FROM: 'pets' }),
    ).toEqual([
      'SMTP_URL must be smtp://user:password@host:port or smtps://user:password@host:port',
      'MAIL_FROM must be an email address, or a name and one: Pet Store <pets@example.com> (got "pets")',
    ]);
    expect(problemsOf({ ...MAIL, MAIL_FROM: 'Pets <not an address>' })).toEqual([
      'MAIL_FROM must be an email address, or a name and one: Pet Store <pets@example.com> (got "Pets <not an address>")',
    ]);
  });

  it('needs MAIL_FROM and PUBLIC_URL with SMTP_URL, and MAIL_FROM only with it', () => {
    expect(problemsOf({ SMTP_URL: MAIL.SMTP_URL })).toEqual([
      'MAIL_FROM is required with SMTP_URL: the address mail comes from, like Pet Store <pets@example.com>',
      'PUBLIC_URL is required with SMTP_URL: links in mail point to it, like https://pets.example.com',
    ]);
    expect(problemsOf({ MAIL_FROM: MAIL.MAIL_FROM })).toEqual([
      'MAIL_FROM is only read with SMTP_URL (links are shown, not e-mailed, without it) (got "Pet Store <pets@example.com>")',
    ]);
  });
});
