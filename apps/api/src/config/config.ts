/**
 * The configuration as the app reads it: parsed once at start, every bad variable named, and what
 * production needs besides (PUBLIC_URL, CURSOR_SECRET, WEBHOOK_SECRETS_KEY) before the API serves.
 */
import type { z } from 'zod';
import { ConfigSchema, SECRET_VARIABLES } from './config.schema.js';

export type AppConfig = Readonly<z.output<typeof ConfigSchema>>;
export type LogLevel = AppConfig['logLevel'];

export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Readonly<Record<string, string | undefined>>): AppConfig {
  const result = ConfigSchema.safeParse(env);
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
  return result.data;
}

/**
 * What the API itself (not the CLI) needs in production besides a valid environment, each as a
 * sentence; the API refuses to start while any is missing.
 */
export function missingForServing(config: AppConfig): string[] {
  if (config.env !== 'production') return [];
  const missing: string[] = [];
  // Behind a proxy, the request's own Host is not what partners use: absolute URLs need it.
  if (config.publicUrl === undefined)
    missing.push(
      'PUBLIC_URL is required in production (the address partners use, like https://api.example.com)',
    );
  // The development key is in this repository: cursors signed with it could be forged by anyone.
  if (config.cursorSecret === undefined)
    missing.push(
      'CURSOR_SECRET is required in production (at least 32 characters, the same on every instance, e.g. from openssl rand -base64 48): it signs page cursors',
    );
  // Likewise: secrets encrypted under the development key could be read by anyone with a backup.
  if (config.webhooks.secretsKey === undefined)
    missing.push(
      'WEBHOOK_SECRETS_KEY is required in production (at least 32 characters, the same on every instance, e.g. from openssl rand -base64 48): it encrypts webhook signing secrets',
    );
  return missing;
}

export const APP_CONFIG = Symbol('APP_CONFIG');
