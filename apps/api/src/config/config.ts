import { EnvSchema, SECRET_VARIABLES } from './config.schema.js';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppConfig {
  readonly port: number;
  readonly host: string;
  readonly database:
    | { readonly kind: 'sqlite'; readonly file: string }
    | { readonly kind: 'postgres'; readonly url: string };
  readonly redisUrl: string | undefined;
  readonly trustProxy: boolean | number | string[];
  readonly corsOrigins: readonly string[];
  /** The origin (and path) partners use, without `/v1`; absolute URLs use it when set. */
  readonly publicUrl: string | undefined;
  /** Connections open at once, at most. */
  readonly maxConnections: number;
  readonly logLevel: LogLevel;
  readonly env: 'development' | 'production' | 'test';
}

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once, at start; every bad variable is named with what it must be. */
export function loadConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      const value = env[name];
      const shown =
        value === undefined || SECRET_VARIABLES.has(name) ? '' : ` (got ${JSON.stringify(value)})`;
      return `${name} ${issue.message}${shown}`;
    });
    throw new ConfigError(problems);
  }
  const parsed = result.data;
  const databaseUrl = parsed.DATABASE_URL;
  return {
    port: parsed.PORT,
    host: parsed.HOST,
    database: databaseUrl.startsWith('sqlite:')
      ? { kind: 'sqlite', file: databaseUrl.slice('sqlite:'.length) }
      : { kind: 'postgres', url: databaseUrl },
    redisUrl: parsed.REDIS_URL,
    trustProxy: parsed.TRUST_PROXY,
    corsOrigins: parsed.CORS_ORIGINS,
    publicUrl: parsed.PUBLIC_URL,
    maxConnections: parsed.MAX_CONNECTIONS,
    logLevel: parsed.LOG_LEVEL,
    env: parsed.NODE_ENV,
  };
}

export const APP_CONFIG = Symbol('APP_CONFIG');
