/**
 * The sessions table: a person's sessions by the hash of their id, when each started, was last
 * used and ended.
 */
import { Injectable } from '@nestjs/common';
import type { Plan, Role } from '@pets/contract';
import { Database } from '../../database/database.js';
import { listedBelow } from '../../database/list-order.js';
import type { WriteTx } from '../../database/writer.js';

/** A session as stored: by the SHA-256 of its id, which only the browser's cookie holds. */
export interface SessionRecord {
  id: number;
  personId: number;
  /** Unix milliseconds, as are the others. */
  createdAt: number;
  /** To within {@link LAST_USED_RESOLUTION_MS} of the sessions service. */
  lastUsedAt: number;
  endedAt: number | null;
  device: string;
  address: string;
}

/** A session with what authentication needs of its person and their account. */
export interface SessionWithAccount extends SessionRecord {
  accountId: number;
  deactivatedAt: number | null;
  role: Role;
  plan: Plan;
  limitPerMinute: number | null;
  limitPerDay: number | null;
}

const SESSION = [
  'sessions.id',
  'sessions.person_id as personId',
  'sessions.created_at as createdAt',
  'sessions.last_used_at as lastUsedAt',
  'sessions.ended_at as endedAt',
  'sessions.device',
  'sessions.address',
] as const;

@Injectable()
export class SessionsRepository {
  private readonly statements;

  constructor(private readonly database: Database) {
    const listed = listedBelow(database.engine);
    this.statements = {
      page: database.statement(
        (
          db,
          p: {
            personId: number;
            afterId: number;
            limit: number;
            startedAfter: number;
            usedAfter: number;
          },
        ) => {
          let query = db
            .selectFrom('sessions')
            .select(SESSION)
            .where('person_id', '=', p.personId)
            .where('ended_at', 'is', null)
            .where('created_at', '>', p.startedAfter)
            .where('last_used_at', '>', p.usedAfter)
            .where('id', '>', p.afterId);
          // On PostgreSQL, only sessions below the first not yet listed (docs/team/guarantees.md).
          if (listed) query = query.where('id', '<', listed);
          return query.orderBy('id').limit(p.limit);
        },
      ),
      byHash: database.statement((db, p: { hash: string }) =>
        db
          .selectFrom('sessions')
          .innerJoin('people', 'people.id', 'sessions.person_id')
          .innerJoin('accounts', 'accounts.id', 'people.account_id')
          .select(SESSION)
          .select([
            'people.account_id as accountId',
            'people.deactivated_at as deactivatedAt',
            'accounts.role',
            'accounts.plan',
            'accounts.limit_per_minute as limitPerMinute',
            'accounts.limit_per_day as limitPerDay',
          ])
          .where('sessions.hash', '=', p.hash),
      ),
      insert: database.statement(
        (db, p: Omit<SessionRecord, 'id' | 'endedAt'> & { hash: string }) =>
          db
            .insertInto('sessions')
            .values({
              person_id: p.personId,
              hash: p.hash,
              created_at: p.createdAt,
              last_used_at: p.lastUsedAt,
              device: p.device,
              address: p.address,
            })
            .returning('id'),
      ),
      end: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('sessions')
          .set({ ended_at: p.at })
          .where('id', '=', p.id)
          .where('ended_at', 'is', null),
      ),
      endAllOf: database.statement((db, p: { personId: number; at: number; except: number }) =>
        db
          .updateTable('sessions')
          .set({ ended_at: p.at })
          .where('person_id', '=', p.personId)
          .where('ended_at', 'is', null)
          .where('id', '<>', p.except),
      ),
      touch: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('sessions')
          .set({ last_used_at: p.at })
          .where('id', '=', p.id)
          .where('last_used_at', '<', p.at),
      ),
    };
  }

  /**
   * Up to `limit` of a person's live sessions after `afterId`, in ascending id: not ended, started
   * after `startedAfter` and used after `usedAfter` (what time has not ended).
   */
  page(
    personId: number,
    afterId: number,
    limit: number,
    live: { startedAfter: number; usedAfter: number },
  ): Promise<SessionRecord[]> {
    return this.database.all(this.statements.page, { personId, afterId, limit, ...live });
  }

  async findByHash(hash: string): Promise<SessionWithAccount | null> {
    const row = await this.database.first(this.statements.byHash, { hash });
    return row ?? null;
  }

  async insert(
    tx: WriteTx,
    session: Omit<SessionRecord, 'id' | 'endedAt'> & { hash: string },
  ): Promise<number> {
    const [row] = await tx.all(this.statements.insert, session);
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  /** Ends a session that has not ended; resolves with whether it had not. */
  async end(tx: WriteTx, id: number, at: number): Promise<boolean> {
    return (await tx.run(this.statements.end, { id, at })) === 1;
  }

  /** Ends every session of a person that has not ended (but `except`); resolves with how many. */
  endAllOf(tx: WriteTx, personId: number, at: number, except = 0): Promise<number> {
    return tx.run(this.statements.endAllOf, { personId, at, except });
  }

  async touch(tx: WriteTx, id: number, at: number): Promise<void> {
    await tx.run(this.statements.touch, { id, at });
  }
}
