import 'reflect-metadata';
import { parseArgs } from 'node:util';
import {
  describeDetails,
  Email,
  isIdText,
  NewAccount,
  type NewAccountInput,
  Plan,
  PlanChange,
  Role,
  toErrorDetails,
} from '@pets/contract';
import { ZodError } from 'zod';
import { ConfigError, loadConfig } from '../config/config.js';
import { unusableDatabase } from './usable-database.js';

const HELP = `Manage accounts and API keys of the pet store API.

Usage: npm run keys -- <command> [options]

Commands:
  accounts list                         List accounts with their plans and limits
  accounts create --name <name> [--plan free|pro|business|enterprise] [--role partner|staff]
                  [--per-minute <n> --per-day <n>]
                                        Create an account (enterprise needs both limits)
  accounts set-plan <account-id> --plan <plan> [--per-minute <n> --per-day <n>]
                                        Change an account's plan
  list [--account <account-id>]         List API keys (never the keys themselves)
  create --account <account-id> [--label <label>]
                                        Create an API key and print it, once
  revoke <key-id>                       Revoke an API key (every instance within 5 s)
  people invite --account <account-id> --email <email>
                                        Invite a person: prints a one-time link (7 days), once
  people reset --email <email>          A one-time link (1 hour) for a person to choose a new
                                        password; printed once

Options:
  --json                                Print JSON instead of text
  --create-database                     Make the SQLite database (and its directory) if there is
                                        none; without it, a missing file is refused
  -h, --help                            Show this help

The database is the API's: DATABASE_URL (default sqlite:data/petstore.sqlite, relative to the
directory this runs in). A SQLite file that is not there is refused unless --create-database asks
for it; a PostgreSQL database is never made here (createdb it first).
Exit codes: 0 done, 1 failed (the database too), 2 bad arguments.`;

class UsageError extends Error {}

/** Which kind of key `create` made, and why (README: Accounts and API keys). */
function kindOfKey(env: 'development' | 'production' | 'test'): string {
  return env === 'production'
    ? 'A live key (pets_live_): NODE_ENV is production.'
    : `A test key (pets_test_): NODE_ENV is ${env}, not production, so an API in production refuses it.\n` +
        'To make a live key, run this with NODE_ENV=production (and PUBLIC_URL), as the API runs there.';
}

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  role: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  account: { type: 'string' },
  label: { type: 'string' },
  email: { type: 'string' },
  json: { type: 'boolean', default: false },
  'create-database': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

type Values = ReturnType<
  typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>
>['values'];

const positiveId = (value: string | undefined, what: string): number => {
  if (value === undefined || !isIdText(value))
    throw new UsageError(
      `${what} must be a positive integer${value === undefined ? '' : ` (got "${value}")`}`,
    );
  return Number(value);
};

const count = (value: string | undefined, flag: string): number | undefined => {
  if (value === undefined) return undefined;
  if (!/^[1-9][0-9]{0,9}$/.test(value))
    throw new UsageError(`--${flag} must be a positive integer (got "${value}")`);
  return Number(value);
};

const oneOf = <T extends string>(
  schema: { options: readonly T[] },
  value: string | undefined,
  flag: string,
): T | undefined => {
  if (value === undefined) return undefined;
  if (!(schema.options as readonly string[]).includes(value))
    throw new UsageError(`--${flag} must be one of ${schema.options.join(', ')} (got "${value}")`);
  return value as T;
};

function limitsFrom(values: Values): { perMinute: number; perDay: number } | undefined {
  const perMinute = count(values['per-minute'], 'per-minute');
  const perDay = count(values['per-day'], 'per-day');
  if (perMinute === undefined && perDay === undefined) return undefined;
  if (perMinute === undefined || perDay === undefined)
    throw new UsageError('--per-minute and --per-day go together');
  return { perMinute, perDay };
}

/** Characters that could act on a terminal or reorder what it shows. */
const UNSAFE_FOR_TERMINAL = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

/**
 * Text from the database as a terminal should show it: control and bidirectional control characters
 * (stored before the text rule refused them, say) written as `\u{…}` escapes, never sent raw.
 */
export const forTerminal = (text: string): string =>
  text.replace(
    UNSAFE_FOR_TERMINAL,
    (character) => `\\u{${(character.codePointAt(0) ?? 0).toString(16)}}`,
  );

const cell = (value: unknown): string =>
  value === null || value === undefined
    ? '-'
    : typeof value === 'string'
      ? forTerminal(value)
      : JSON.stringify(value);

function table(rows: Record<string, unknown>[]): string {
  if (rows.length === 0) return '(none)';
  const columns = Object.keys(rows[0] ?? {});
  const cells = rows.map((row) => columns.map((column) => cell(row[column])));
  const widths = columns.map((column, i) =>
    Math.max(column.length, ...cells.map((cell) => cell[i]?.length ?? 0)),
  );
  const line = (values: string[]) =>
    values
      .map((value, i) => value.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(columns), ...cells.map(line)].join('\n');
}

/** A command whose arguments were checked: what is left needs the database. */
type Command =
  | { name: 'accounts list' }
  | { name: 'accounts create'; account: NewAccountInput }
  | { name: 'accounts set-plan'; accountId: number; change: PlanChange }
  | { name: 'list'; accountId: number | undefined }
  | { name: 'create'; accountId: number; label: string }
  | { name: 'revoke'; keyId: number }
  | { name: 'people invite'; accountId: number; email: string }
  | { name: 'people reset'; email: string };

/** The command the arguments name, checked as far as they can be without the database. */
function commandOf(values: Values, positionals: string[]): Command {
  const [command, sub, argument] = positionals;
  if (command === 'accounts' && sub === 'list') return { name: 'accounts list' };
  if (command === 'accounts' && sub === 'create') {
    if (values.name === undefined) throw new UsageError('accounts create needs --name');
    const account = {
      name: values.name,
      plan: oneOf(Plan, values.plan, 'plan') ?? 'free',
      role: oneOf(Role, values.role, 'role') ?? 'partner',
      limits: limitsFrom(values),
    };
    return { name: 'accounts create', account: NewAccount.parse(account) };
  }
  if (command === 'accounts' && sub === 'set-plan') {
    const plan = oneOf(Plan, values.plan, 'plan');
    if (plan === undefined) throw new UsageError('accounts set-plan needs --plan');
    const accountId = positiveId(argument, 'The account id');
    const change = PlanChange.parse({ plan, limits: limitsFrom(values) });
    return { name: 'accounts set-plan', accountId, change };
  }
  if (command === 'list' && sub === undefined) {
    const accountId =
      values.account === undefined ? undefined : positiveId(values.account, '--account');
    return { name: 'list', accountId };
  }
  if (command === 'create' && sub === undefined) {
    const accountId = positiveId(values.account, '--account');
    return { name: 'create', accountId, label: values.label ?? 'API key' };
  }
  if (command === 'people' && (sub === 'invite' || sub === 'reset')) {
    const email = Email.safeParse(values.email);
    if (!email.success) throw new UsageError(`people ${sub} needs --email with an email address`);
    return sub === 'invite'
      ? {
          name: 'people invite',
          accountId: positiveId(values.account, '--account'),
          email: email.data,
        }
      : { name: 'people reset', email: email.data };
  }
  if (command === 'revoke' && argument === undefined)
    return { name: 'revoke', keyId: positiveId(sub, 'The key id') };
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

/** Exit code 2 and what was wrong, for arguments the command cannot take. */
function refused(error: unknown, err: (text: string) => void): number {
  if (error instanceof UsageError) {
    err(`${error.message}. See --help.`);
    return 2;
  }
  if (error instanceof ZodError) {
    err(`Invalid input: ${describeDetails(toErrorDetails(error))}.`);
    return 2;
  }
  throw error;
}

export async function run(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: (text: string) => void,
  err: (text: string) => void,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    err(`${error instanceof Error ? error.message : String(error)}\n\n${HELP}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    out(HELP);
    return 0;
  }
  if (positionals.length === 0) {
    err(HELP);
    return 2;
  }
  let command: Command;
  try {
    command = commandOf(values, positionals);
  } catch (error) {
    return refused(error, err);
  }

  const config = loadConfig(env);
  const unusable = await unusableDatabase(config.database, values['create-database']);
  if (unusable !== null) {
    err(unusable);
    return 1;
  }
  // NestJS, TypeORM and the services load only now: help and refused arguments answer at once.
  const [{ NestFactory }, { AccountsService, toAccountView }, { ApiKeysService, toApiKeyView }] =
    await Promise.all([
      import('@nestjs/core'),
      import('../accounts/accounts.service.js'),
      import('../accounts/api-keys.service.js'),
    ]);
  const { CliModule } = await import('./cli.module.js');
  const { LinksService } = await import('../people/links.service.js');
  const app = await NestFactory.createApplicationContext(CliModule.forRoot(config), {
    logger: ['error'],
  });
  try {
    const accounts = app.get(AccountsService);
    const keys = app.get(ApiKeysService);
    const links = app.get(LinksService);
    // Links point at PUBLIC_URL, or the API as it runs here by default.
    const origin = new URL(config.publicUrl ?? `http://localhost:${config.port}`).origin;
    const print = (text: string, data: unknown) => {
      out(values.json ? JSON.stringify(data, null, 2) : text);
    };

    switch (command.name) {
      case 'accounts list': {
        const views = (await accounts.list()).map(toAccountView);
        print(
          table(
            views.map((a) => ({
              id: a.id,
              name: a.name,
              plan: a.plan,
              role: a.role,
              perMinute: a.limits.perMinute,
              perDay: a.limits.perDay,
              createdAt: a.createdAt,
            })),
          ),
          views,
        );
        break;
      }
      case 'accounts create': {
        const view = toAccountView(await accounts.create(command.account, 'cli'));
        print(
          `Created account ${view.id} (${forTerminal(view.name)}, ${view.plan}, ${view.role}).`,
          view,
        );
        break;
      }
      case 'accounts set-plan': {
        const { accountId, change } = command;
        const account = await accounts.setPlan(accountId, change.plan, change.limits, 'cli');
        if (!account) throw new UsageError(`No account ${accountId}`);
        const view = toAccountView(account);
        print(
          `Account ${view.id} is now on the ${view.plan} plan (${view.limits.perMinute}/min, ${view.limits.perDay}/day).`,
          view,
        );
        break;
      }
      case 'list': {
        const views = (await keys.list(command.accountId)).map(toApiKeyView);
        print(table(views.map((k) => ({ ...k }))), views);
        break;
      }
      case 'create': {
        const { accountId } = command;
        if (!(await accounts.find(accountId))) throw new UsageError(`No account ${accountId}`);
        const { key, apiKey } = await keys.create(accountId, command.label, 'cli');
        const view = toApiKeyView(apiKey);
        print(
          `Created key ${view.id} for account ${accountId}. This is the only time it is shown:\n\n  ${key}\n\n${kindOfKey(config.env)}`,
          { ...view, key },
        );
        break;
      }
      case 'people invite': {
        const invitation = await links.invite(command.accountId, command.email, 'cli', origin);
        print(
          `Invited ${forTerminal(invitation.email)} to account ${invitation.accountId}. Hand them this link; it works once, until ${invitation.expiresAt}, and is not shown again:\n\n  ${invitation.link}\n`,
          invitation,
        );
        break;
      }
      case 'people reset': {
        const person = await links.findByEmail(command.email);
        if (!person) throw new UsageError(`No person has the email ${command.email}`);
        const reset = await links.resetLink(person.id, 'cli', origin);
        print(
          `A link for ${forTerminal(person.email)} to choose a new password; it works once, until ${reset.expiresAt}, and is not shown again:\n\n  ${reset.link}\n`,
          reset,
        );
        break;
      }
      case 'revoke': {
        const apiKey = await keys.revoke(command.keyId, 'cli');
        if (!apiKey) throw new UsageError(`No key ${command.keyId}`);
        const view = toApiKeyView(apiKey);
        print(
          `Revoked key ${view.id} (${view.prefix}…); every instance refuses it within 5 seconds.`,
          view,
        );
        break;
      }
    }
    return 0;
  } catch (error) {
    return refused(error, err);
  } finally {
    await app.close();
  }
}

run(
  process.argv.slice(2),
  process.env,
  (text) => process.stdout.write(`${text}\n`),
  (text) => process.stderr.write(`${text}\n`),
).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(
      `${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
