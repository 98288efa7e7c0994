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

/** Parses the environment once, at start; every bad variable is named with what it must be. */
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

export const APP_CONFIG = Symbol('APP_CONFIG');
