/**
 * Accounts: created and changed with their plan and limits, each change audited, and shown as the
 * API shows them. Used by the HTTP endpoints and by `npm run keys`.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  type Account,
  IdParam,
  type NewAccountInput,
  NewAccount,
  type Plan,
  openOrdersMax,
  type PlanChange,
  PLAN_LIMITS,
  type PlanLimits,
  PROBLEMS,
} from '@pets/contract';
import { ApiException } from '../errors/api-exception.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { type Actor, AuditRepository, type Changes } from '../audit/audit.repository.js';
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

/** An enterprise account's own limits, or `null` for a plan's. */
const ownLimits = (
  account: Pick<AccountRecord, 'limitPerMinute' | 'limitPerDay' | 'limitOpenOrders'>,
) =>
  account.limitPerMinute === null || account.limitPerDay === null
    ? null
    : {
        perMinute: account.limitPerMinute,
        perDay: account.limitPerDay,
        ...(account.limitOpenOrders === null ? {} : { openOrders: account.limitOpenOrders }),
      };

export const toAccountView = (account: AccountRecord): AccountView => {
  const openOrders = openOrdersMax(account.plan, account.role, account.limitOpenOrders);
  return {
    id: account.id,
    name: account.name,
    plan: account.plan,
    role: account.role,
    limits: { ...limitsOf(account), ...(openOrders === undefined ? {} : { openOrders }) },
    createdAt: new Date(account.createdAt).toISOString(),
  };
};

@Injectable()
export class AccountsService {
  constructor(
    private readonly accounts: AccountsRepository,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Validates with the contract's schema; throws its ZodError on bad input. */
  async create(input: NewAccountInput, actor: Actor): Promise<AccountRecord> {
    const checked = NewAccount.parse(input);
    return this.writer.transaction(async (tx) => {
      const now = this.clock.now();
      const account = await this.accounts.insert(tx, {
        name: checked.name,
        plan: checked.plan,
        role: checked.role,
        limitPerMinute: checked.limits?.perMinute ?? null,
        limitPerDay: checked.limits?.perDay ?? null,
        limitOpenOrders: checked.limits?.openOrders ?? null,
        createdAt: now,
      });
      await this.audit.record(tx, now, {
        actor,
        action: 'account.created',
        target: { type: 'account', id: account.id },
        changes: {
          name: [null, account.name],
          plan: [null, account.plan],
          role: [null, account.role],
          limits: [null, ownLimits(account)],
        },
      });
      return account;
    });
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
  async setPlan(
    id: number,
    plan: Plan,
    limits: (PlanLimits & { openOrders?: number }) | undefined,
    actor: Actor,
  ): Promise<AccountRecord | null> {
    const account = await this.find(id);
    if (!account) return null;
    const checked = NewAccount.parse({ name: account.name, role: account.role, plan, limits });
    const changed: AccountRecord = {
      ...account,
      plan: checked.plan,
      limitPerMinute: checked.limits?.perMinute ?? null,
      limitPerDay: checked.limits?.perDay ?? null,
      limitOpenOrders: checked.limits?.openOrders ?? null,
    };
    const changes: Changes = {};
    if (account.plan !== changed.plan) changes['plan'] = [account.plan, changed.plan];
    const [before, after] = [ownLimits(account), ownLimits(changed)];
    if (JSON.stringify(before) !== JSON.stringify(after)) changes['limits'] = [before, after];
    const found = await this.writer.transaction(async (tx) => {
      await tx.lockRow('accounts', id);
      if (!(await this.accounts.setPlan(tx, changed))) return false;
      if (Object.keys(changes).length > 0)
        await this.audit.record(tx, this.clock.now(), {
          actor,
          action: 'account.plan_changed',
          target: { type: 'account', id },
          changes,
        });
      return true;
    });
    return found ? changed : null;
  }

  /** The account as the API shows it, or `404 not_found`. */
  async view(id: number | string): Promise<Account> {
    return toAccountView(await this.findOrThrow(id));
  }

  async views(): Promise<Account[]> {
    return (await this.list()).map(toAccountView);
  }

  async createView(account: NewAccount, actor: Actor): Promise<Account> {
    return toAccountView(await this.create(account, actor));
  }

  async changePlanView(id: number | string, change: PlanChange, actor: Actor): Promise<Account> {
    const account = await this.findOrThrow(id);
    const changed = await this.setPlan(account.id, change.plan, change.limits, actor);
    if (!changed) throw noSuchAccount();
    return toAccountView(changed);
  }

  /** The account with this id (a number, or as a path gives it), or `404 not_found`. */
  async findOrThrow(id: number | string): Promise<AccountRecord> {
    const parsed =
      typeof id === 'number' ? { success: true as const, data: id } : IdParam.safeParse(id);
    const account = parsed.success ? await this.find(parsed.data) : null;
    if (!account) throw noSuchAccount();
    return account;
  }
}

const noSuchAccount = () => ApiException.of(PROBLEMS.accountNotFound);
