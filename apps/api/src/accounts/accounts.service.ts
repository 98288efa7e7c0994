import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
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
import { DataSource, type Repository } from 'typeorm';
import { placeholders } from '../database/sql.js';
import { Writer } from '../database/writer.js';
import { AccountEntity } from './account.entity.js';

export type AccountView = Account;

/** The limits an account's requests are counted against. */
export function limitsOf(
  account: Pick<AccountEntity, 'plan' | 'limitPerMinute' | 'limitPerDay'>,
): PlanLimits {
  const planLimits = PLAN_LIMITS[account.plan];
  if (planLimits) return planLimits;
  return { perMinute: account.limitPerMinute ?? 1, perDay: account.limitPerDay ?? 1 };
}

export const toAccountView = (account: AccountEntity): AccountView => ({
  id: account.id,
  name: account.name,
  plan: account.plan,
  role: account.role,
  limits: limitsOf(account),
  createdAt: new Date(account.createdAt).toISOString(),
});

@Injectable()
export class AccountsService {
  private readonly sql: { insert: string; setPlan: string };

  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
    private readonly writer: Writer,
    dataSource: DataSource,
  ) {
    const p = placeholders(dataSource);
    this.sql = {
      insert: `INSERT INTO accounts (name, plan, role, limit_per_minute, limit_per_day, created_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}) RETURNING id`,
      setPlan: `UPDATE accounts SET plan = ${p(1)}, limit_per_minute = ${p(2)}, limit_per_day = ${p(3)} WHERE id = ${p(4)}`,
    };
  }

  /** Validates with the contract's schema; throws its ZodError on bad input. */
  async create(input: NewAccountInput, now = Date.now()): Promise<AccountEntity> {
    const checked = NewAccount.parse(input);
    const account = this.accounts.create({
      name: checked.name,
      plan: checked.plan,
      role: checked.role,
      limitPerMinute: checked.limits?.perMinute ?? null,
      limitPerDay: checked.limits?.perDay ?? null,
      createdAt: now,
    });
    const [row] = await this.writer.transaction((tx) =>
      tx.rows<{ id: number | string }>(this.sql.insert, [
        account.name,
        account.plan,
        account.role,
        account.limitPerMinute,
        account.limitPerDay,
        account.createdAt,
      ]),
    );
    account.id = Number(row?.id);
    return account;
  }

  list(): Promise<AccountEntity[]> {
    return this.accounts.find({ order: { id: 'ASC' } });
  }

  find(id: number): Promise<AccountEntity | null> {
    return this.accounts.findOneBy({ id });
  }

  count(): Promise<number> {
    return this.accounts.count();
  }

  /** Changes an account's plan (enterprise with its own limits). */
  async setPlan(id: number, plan: Plan, limits?: PlanLimits): Promise<AccountEntity | null> {
    const account = await this.find(id);
    if (!account) return null;
    const checked = NewAccount.parse({ name: account.name, role: account.role, plan, limits });
    account.plan = checked.plan;
    account.limitPerMinute = checked.limits?.perMinute ?? null;
    account.limitPerDay = checked.limits?.perDay ?? null;
    const changed = await this.writer.transaction((tx) =>
      tx.run(this.sql.setPlan, [account.plan, account.limitPerMinute, account.limitPerDay, id]),
    );
    return changed === 1 ? account : null;
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

  private async findOrThrow(id: number | string): Promise<AccountEntity> {
    const parsed =
      typeof id === 'number' ? { success: true as const, data: id } : IdParam.safeParse(id);
    const account = parsed.success ? await this.find(parsed.data) : null;
    if (!account) throw noSuchAccount();
    return account;
  }
}

const noSuchAccount = () => ApiException.of(PROBLEMS.accountNotFound);
