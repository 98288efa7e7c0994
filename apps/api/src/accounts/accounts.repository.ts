/** Reads and writes the accounts table: each query one statement for SQLite and PostgreSQL. */
import { Injectable } from '@nestjs/common';
import type { Plan, Role } from '@pets/contract';
import { Database } from '../database/database.js';
import type { WriteTx } from '../database/writer.js';

export interface AccountRecord {
  id: number;
  name: string;
  plan: Plan;
  role: Role;
  /** Enterprise accounts only: their own limits. */
  limitPerMinute: number | null;
  limitPerDay: number | null;
  /** Enterprise accounts only, when agreed: their own number of open orders. */
  limitOpenOrders: number | null;
  /** Unix milliseconds. */
  createdAt: number;
}

const ACCOUNT = [
  'id',
  'name',
  'plan',
  'role',
  'limit_per_minute as limitPerMinute',
  'limit_per_day as limitPerDay',
  'limit_open_orders as limitOpenOrders',
  'created_at as createdAt',
] as const;

@Injectable()
export class AccountsRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      list: database.statement((db) => db.selectFrom('accounts').select(ACCOUNT).orderBy('id')),
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('accounts').select(ACCOUNT).where('id', '=', p.id),
      ),
      count: database.statement((db) =>
        db.selectFrom('accounts').select((eb) => eb.fn.countAll<number>().as('count')),
      ),
      insert: database.statement((db, p: Omit<AccountRecord, 'id'>) =>
        db
          .insertInto('accounts')
          .values({
            name: p.name,
            plan: p.plan,
            role: p.role,
            limit_per_minute: p.limitPerMinute,
            limit_per_day: p.limitPerDay,
            limit_open_orders: p.limitOpenOrders,
            created_at: p.createdAt,
          })
          .returning('id'),
      ),
      setPlan: database.statement(
        (
          db,
          p: Pick<
            AccountRecord,
            'id' | 'plan' | 'limitPerMinute' | 'limitPerDay' | 'limitOpenOrders'
          >,
        ) =>
          db
            .updateTable('accounts')
            .set({
              plan: p.plan,
              limit_per_minute: p.limitPerMinute,
              limit_per_day: p.limitPerDay,
              limit_open_orders: p.limitOpenOrders,
            })
            .where('id', '=', p.id),
      ),
    };
  }

  list(): Promise<AccountRecord[]> {
    return this.database.all(this.statements.list, {});
  }

  async find(id: number): Promise<AccountRecord | null> {
    return (await this.database.first(this.statements.byId, { id })) ?? null;
  }

  async count(): Promise<number> {
    return (await this.database.first(this.statements.count, {}))?.count ?? 0;
  }

  async insert(tx: WriteTx, account: Omit<AccountRecord, 'id'>): Promise<AccountRecord> {
    const [row] = await tx.all(this.statements.insert, account);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return { id: row.id, ...account };
  }

  /** Resolves with whether the account was there to change. */
  async setPlan(
    tx: WriteTx,
    change: Pick<AccountRecord, 'id' | 'plan' | 'limitPerMinute' | 'limitPerDay'>,
  ): Promise<boolean> {
    return (await tx.run(this.statements.setPlan, change)) === 1;
  }
}
