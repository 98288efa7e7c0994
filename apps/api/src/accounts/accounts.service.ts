import { Injectable } from '@nestjs/common';
import {
  type Account,
  IdParam,
  type NewAccountInput,
  NewAccount,
  type Plan,
  type PlanChange,
  PLAN_LIMITS,
  type PlanLimits,
  PROBLEMS,
} from '@pets/contract';
import { ApiException } from '../common/api-exception.js';
import { Writer } from '../database/writer.js';
import { type AccountRecord, AccountsRepository } from './accounts.repository.js';

export type AccountView = Account;

/** The limits an account's requests are counted against. */
export function limitsOf(
  account: Pick<AccountRecord, 'plan' | 'limitPerMinute' | 'limitPerDay'>,
): PlanLimits {
  const planLimits = PLAN_LIMITS[account.plan];
  if (planLimits) return planLimits;
  return { perMinute: account.limitPerMinute ?? 1, perDay: account.limitPerDay ?? 1 };
}

export const toAccountView = (account: AccountRecord): AccountView => ({
  id: account.id,
  name: account.name,
  plan: account.plan,
  role: account.role,
  limits: limitsOf(account),
  createdAt: new Date(account.createdAt).toISOString(),
});

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly writer: Writer,
  ) {}

  /** Validates with the contract's schema; throws its ZodError on bad input. */
  async create(input: NewAccountInput, now = Date.now()): Promise<AccountRecord> {
    const checked = NewAccount.parse(input);
    return this.writer.transaction((tx) =>
      this.accounts.insert(tx, {
        name: checked.name,
        plan: checked.plan,
        role: checked.role,
        limitPerMinute: checked.limits?.perMinute ?? null,
        limitPerDay: checked.limits?.perDay ?? null,
        createdAt: now,
      }),
    );
  }

  list(): Promise<AccountRecord[]> {
    return this.accounts.list();
  }

  find(id: number): Promise<AccountRecord | null> {
    return this.accounts.find(id);
  }

  count(): Promise<number> {
    return this.accounts.count();
  }

  /** Changes an account's plan (enterprise with its own limits). */
  async setPlan(id: number, plan: Plan, limits?: PlanLimits): Promise<AccountRecord | null> {
    const account = await this.find(id);
    if (!account) return null;
    const checked = NewAccount.parse({ name: account.name, role: account.role, plan, limits });
    const changed: AccountRecord = {
      ...account,
      plan: checked.plan,
      limitPerMinute: checked.limits?.perMinute ?? null,
      limitPerDay: checked.limits?.perDay ?? null,
    };
    const found = await this.writer.transaction((tx) => this.accounts.setPlan(tx, changed));
    return found ? changed : null;
  }

  /** The account as the API shows it, or `404 not_found`. */
  async view(id: number | string): Promise<Account> {
    return toAccountView(await this.findOrThrow(id));
  }

  async views(): Promise<Account[]> {
    return (await this.list()).map(toAccountView);
  }

  async createView(account: NewAccount): Promise<Account> {
    return toAccountView(await this.create(account));
  }

  async changePlanView(id: number | string, change: PlanChange): Promise<Account> {
    const account = await this.findOrThrow(id);
    const changed = await this.setPlan(account.id, change.plan, change.limits);
    if (!changed) throw noSuchAccount();
    return toAccountView(changed);
  }

  private async findOrThrow(id: number | string): Promise<AccountRecord> {
    const parsed =
      typeof id === 'number' ? { success: true as const, data: id } : IdParam.safeParse(id);
    const account = parsed.success ? await this.find(parsed.data) : null;
    if (!account) throw noSuchAccount();
    return account;
  }
}

const noSuchAccount = () => ApiException.of(PROBLEMS.accountNotFound);
