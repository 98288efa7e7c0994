/**
 * The command line of `npm run keys`: its options, and each command's arguments checked as far as
 * they can be without the database. Arguments a command cannot take exit with code 2.
 */
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

/** Arguments a command cannot take, or a thing they name that is not there: exit code 2. */
export class UsageError extends Error {}

const OPTIONS = {
  name: { type: 'string' },
  plan: { type: 'string' },
  role: { type: 'string' },
  'per-minute': { type: 'string' },
  'per-day': { type: 'string' },
  'open-orders': { type: 'string' },
  account: { type: 'string' },
  label: { type: 'string' },
  email: { type: 'string' },
  json: { type: 'boolean', default: false },
  'create-database': { type: 'boolean', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

/** The options and the words of a command line; throws on an option it does not know. */
export const parseCommandLine = (argv: string[]) =>
  parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });

type Values = ReturnType<typeof parseCommandLine>['values'];

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

function limitsFrom(
  values: Values,
): { perMinute: number; perDay: number; openOrders?: number } | undefined {
  const perMinute = count(values['per-minute'], 'per-minute');
  const perDay = count(values['per-day'], 'per-day');
  const openOrders = count(values['open-orders'], 'open-orders');
  if (perMinute === undefined && perDay === undefined && openOrders === undefined) return undefined;
  if (perMinute === undefined && perDay === undefined)
    throw new UsageError('--open-orders goes with --per-minute and --per-day');
  if (perMinute === undefined || perDay === undefined)
    throw new UsageError('--per-minute and --per-day go together');
  return { perMinute, perDay, ...(openOrders === undefined ? {} : { openOrders }) };
}

/** A command whose arguments were checked: what is left needs the database. */
export type Command =
  | { name: 'accounts list' }
  | { name: 'accounts create'; account: NewAccountInput }
  | { name: 'accounts set-plan'; accountId: number; change: PlanChange }
  | { name: 'list'; accountId: number | undefined }
  | { name: 'create'; accountId: number; label: string }
  | { name: 'revoke'; keyId: number }
  | { name: 'people invite'; accountId: number; email: string }
  | { name: 'people reset'; email: string };

function accountsCreate(values: Values): Command {
  if (values.name === undefined) throw new UsageError('accounts create needs --name');
  const account = {
    name: values.name,
    plan: oneOf(Plan, values.plan, 'plan') ?? 'free',
    role: oneOf(Role, values.role, 'role') ?? 'partner',
    limits: limitsFrom(values),
  };
  return { name: 'accounts create', account: NewAccount.parse(account) };
}

function accountsSetPlan(values: Values, accountIdText: string | undefined): Command {
  const plan = oneOf(Plan, values.plan, 'plan');
  if (plan === undefined) throw new UsageError('accounts set-plan needs --plan');
  const accountId = positiveId(accountIdText, 'The account id');
  const change = PlanChange.parse({ plan, limits: limitsFrom(values) });
  return { name: 'accounts set-plan', accountId, change };
}

function listKeys(values: Values): Command {
  const accountId =
    values.account === undefined ? undefined : positiveId(values.account, '--account');
  return { name: 'list', accountId };
}

function createKey(values: Values): Command {
  const accountId = positiveId(values.account, '--account');
  return { name: 'create', accountId, label: values.label ?? 'API key' };
}

function people(sub: 'invite' | 'reset', values: Values): Command {
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

/** The command the arguments name, checked as far as they can be without the database. */
export function commandOf(values: Values, positionals: string[]): Command {
  const [command, sub, argument] = positionals;
  if (command === 'accounts' && sub === 'list') return { name: 'accounts list' };
  if (command === 'accounts' && sub === 'create') return accountsCreate(values);
  if (command === 'accounts' && sub === 'set-plan') return accountsSetPlan(values, argument);
  if (command === 'list' && sub === undefined) return listKeys(values);
  if (command === 'create' && sub === undefined) return createKey(values);
  if (command === 'people' && (sub === 'invite' || sub === 'reset')) return people(sub, values);
  if (command === 'revoke' && argument === undefined)
    return { name: 'revoke', keyId: positiveId(sub, 'The key id') };
  throw new UsageError(`Unknown command: ${positionals.join(' ')}`);
}

/** Exit code 2 and what was wrong, for arguments the command cannot take. */
export function refused(error: unknown, err: (text: string) => void): number {
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
