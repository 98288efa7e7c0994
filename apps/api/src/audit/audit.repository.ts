/**
 * The audit trail's table: who changed what (before and after of each field), written in the
 * transaction of the change itself, and read newest first by target or actor.
 */
import { Injectable } from '@nestjs/common';
import type {
  AuditAction,
  AuditEvent,
  AuditExpansion,
  AuditTargetType,
  EventData,
  EventType,
} from '@pets/contract';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { Principal } from '../gate/principal.js';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import { OutboxSignal } from './outbox-signal.js';
import type { WriteTx } from '../database/writer.js';

/**
 * Who made a change: a key of an account, a person signed in to it, the command-line tool on the
 * server, or someone not signed in (a failed sign-in).
 */
export type Actor =
  | { readonly accountId: number; readonly keyId: number }
  | { readonly accountId: number; readonly personId: number }
  | 'cli'
  | 'anonymous';

export const actorOf = (principal: Principal): Actor =>
  principal.session
    ? { accountId: principal.accountId, personId: principal.session.personId }
    : { accountId: principal.accountId, keyId: principal.keyId as number };

/** `{ field: [before, after] }`, `null` where there was no value. Never a key or its hash. */
export type Changes = Record<string, readonly [unknown, unknown]>;

/**
 * What an action that is also an event (decisions §22) records besides: the object after the change,
 * and the one account that may read it beside staff (an order's; none for the catalogue's, which
 * every account reads).
 */
type Published<A extends AuditAction> = A extends EventType
  ? { readonly data: EventData<A>; readonly audience?: number | undefined }
  : { readonly data?: never; readonly audience?: never };

/** An event's row in the outbox, beside its audit row (created at the audit row's `at`). */
type OutboxRow = { type: EventType; accountId: number | null; data: string };

/** A change as the trail records it; one that is an event (`pet.created`…) carries its `data`. */
export type NewEvent = {
  [A in AuditAction]: {
    readonly actor: Actor;
    readonly action: A;
    readonly target: { readonly type: AuditTargetType; readonly id: number };
    readonly changes: Changes;
  } & Published<A>;
}[AuditAction];

export interface AuditFilters {
  targetType?: AuditTargetType | undefined;
  targetId?: number | undefined;
  actorAccountId?: number | undefined;
}

type Row = {
  id: number;
  at: number;
  actorAccountId: number | null;
  actorKeyId: number | null;
  actorPersonId: number | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId: number;
  changes: string;
};

/** The actor as stored: the account with its key or its person; neither is the CLI or nobody. */
function actorFrom(row: Row): AuditEvent['actor'] {
  if (row.actorAccountId !== null) {
    if (row.actorKeyId !== null) return { accountId: row.actorAccountId, keyId: row.actorKeyId };
    if (row.actorPersonId !== null)
      return { accountId: row.actorAccountId, personId: row.actorPersonId };
  }
  return row.action === 'person.sign_in_failed' ? 'anonymous' : 'cli';
}

/** A row with the names its expansions joined in (`null` where nothing was found). */
type NamedRow = Row & {
  actorAccountName?: string | null;
  actorName?: string | null;
  targetName?: string | null;
};

const toEvent = (row: NamedRow): AuditEvent => {
  const actor = actorFrom(row);
  const target: AuditEvent['target'] = { type: row.targetType, id: row.targetId };
  if (row.targetName !== undefined) target.name = row.targetName;
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor:
      typeof actor === 'string' || row.actorName === undefined
        ? actor
        : { ...actor, accountName: row.actorAccountName ?? '', name: row.actorName ?? '' },
    action: row.action,
    target,
    changes: JSON.parse(row.changes) as AuditEvent['changes'],
  };
};

const FILTERS = ['targetType', 'targetId', 'actorAccountId'] as const;

/** The join condition of a target's table: events about that type only (a literal, for the plan). */
const isTarget = (type: AuditTargetType): Expression<SqlBool> =>
  sql<SqlBool>`e.target_type = ${sql.lit(type)}`;

/** The audit_events table: written with each change, read newest first. */
@Injectable()
export class AuditRepository {
  private readonly insert;
  /** Writes an event and its audit row, as the engine does it best. */
  private readonly insertWithEvent: (
    tx: WriteTx,
    row: Omit<Row, 'id'>,
    event: OutboxRow,
  ) => Promise<unknown>;
  /** One statement per combination of filters, each served by an index. */
  private readonly pages = new Map<string, ReturnType<AuditRepository['page']>>();

  constructor(
    private readonly database: Database,
    private readonly outbox: OutboxSignal,
  ) {
    const audited = (p: Omit<Row, 'id'>) => ({
      at: p.at,
      actor_account_id: p.actorAccountId,
      actor_key_id: p.actorKeyId,
      actor_person_id: p.actorPersonId,
      action: p.action,
      target_type: p.targetType,
      target_id: p.targetId,
      changes: p.changes,
    });
    const outboxed = (p: OutboxRow, createdAt: number) => ({
      type: p.type,
      created_at: createdAt,
      account_id: p.accountId,
      data: p.data,
    });
    this.insert = database.statement((db, p: Omit<Row, 'id'>) =>
      db.insertInto('audit_events').values(audited(p)),
    );
    // PostgreSQL: a data-modifying WITH writes both in one statement (one round trip, not two).
    // SQLite lacks it, and its two statements cost no round trip.
    if (database.engine === 'postgres') {
      const both = database.statement((db, p: Omit<Row, 'id'> & OutboxRow) =>
        db
          .with('published', (db) => db.insertInto('events').values(outboxed(p, p.at)))
          .insertInto('audit_events')
          .values(audited(p)),
      );
      this.insertWithEvent = (tx, row, event) => tx.run(both, { ...row, ...event });
    } else {
      const publish = database.statement((db, p: OutboxRow & { createdAt: number }) =>
        db.insertInto('events').values(outboxed(p, p.createdAt)),
      );
      this.insertWithEvent = async (tx, row, event) => {
        await tx.run(publish, { ...event, createdAt: row.at });
        await tx.run(this.insert, row);
      };
    }
  }

  /**
   * Appends an event within the transaction of the change it records; one that is also a partner
   * event (its `data`) goes to the outbox in the same transaction, so both or neither are stored,
   * and the delivery worker is told once it is committed.
   */
  async record(tx: WriteTx, at: number, event: NewEvent): Promise<void> {
    const actor = typeof event.actor === 'string' ? undefined : event.actor;
    const row: Omit<Row, 'id'> = {
      at,
      actorAccountId: actor?.accountId ?? null,
      actorKeyId: actor && 'keyId' in actor ? actor.keyId : null,
      actorPersonId: actor && 'personId' in actor ? actor.personId : null,
      action: event.action,
      targetType: event.target.type,
      targetId: event.target.id,
      changes: JSON.stringify(event.changes),
    };
    if (event.data === undefined) {
      await tx.run(this.insert, row);
      return;
    }
    const published: OutboxRow = {
      type: event.action,
      accountId: event.audience ?? null,
      data: JSON.stringify(event.data),
    };
    await this.insertWithEvent(tx, row, published);
    tx.afterCommit(this.outbox.raise);
  }

  /**
   * Up to `limit` events older than `beforeId` (any when undefined), newest first, with the names
   * `expand` asks for joined in by the page's own statement.
   */
  async list(
    filters: AuditFilters,
    limit: number,
    beforeId: number | undefined,
    expand: readonly AuditExpansion[] = [],
  ): Promise<AuditEvent[]> {
    const used = FILTERS.filter((name) => filters[name] !== undefined);
    const key = `${used.join(',')}|${beforeId === undefined ? '' : 'before'}|${expand.join(',')}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.page(used, beforeId !== undefined, expand);
      this.pages.set(key, statement);
    }
    const rows = await this.database.all(statement, {
      targetType: filters.targetType ?? 'pet',
      targetId: filters.targetId ?? 0,
      actorAccountId: filters.actorAccountId ?? 0,
      beforeId: beforeId ?? 0,
      limit,
    });
    return rows.map(toEvent);
  }

  /** The statement of one combination of filters and expansions (public so tests can check its plan). */
  page(
    used: readonly (typeof FILTERS)[number][],
    before: boolean,
    expand: readonly AuditExpansion[] = [],
  ) {
    const actor = expand.includes('actor');
    const target = expand.includes('target');
    // On PostgreSQL, only events below the first not yet listed: newest first, a client that reads
    // down to the newest event it has seen never passes over one that commits later.
    const listed = listedBelow(this.database.engine);
    return this.database.statement(
      (
        db,
        p: {
          targetType: AuditTargetType;
          targetId: number;
          actorAccountId: number;
          beforeId: number;
          limit: number;
        },
      ) => {
        let query = db
          .selectFrom('audit_events as e')
          .select([
            'e.id',
            'e.at',
            'e.actor_account_id as actorAccountId',
            'e.actor_key_id as actorKeyId',
            'e.actor_person_id as actorPersonId',
            'e.action',
            'e.target_type as targetType',
            'e.target_id as targetId',
            'e.changes',
          ])
          // The actor's account, and its key or its person, each by its primary key.
          .$if(actor, (q) =>
            q
              .leftJoin('accounts as actor_account', 'actor_account.id', 'e.actor_account_id')
              .leftJoin('api_keys as actor_key', 'actor_key.id', 'e.actor_key_id')
              .leftJoin('people as actor_person', 'actor_person.id', 'e.actor_person_id')
              .select((eb) => [
                'actor_account.name as actorAccountName',
                eb.fn.coalesce('actor_person.name', 'actor_key.label').as('actorName'),
              ]),
          )
          // The target's row in the table of its type, by its primary key.
          .$if(target, (q) =>
            q
              .leftJoin('pets as t_pet', (join) =>
                join.onRef('t_pet.id', '=', 'e.target_id').on(isTarget('pet')),
              )
              .leftJoin('categories as t_category', (join) =>
                join.onRef('t_category.id', '=', 'e.target_id').on(isTarget('category')),
              )
              .leftJoin('accounts as t_account', (join) =>
                join.onRef('t_account.id', '=', 'e.target_id').on(isTarget('account')),
              )
              .leftJoin('people as t_person', (join) =>
                join.onRef('t_person.id', '=', 'e.target_id').on(isTarget('person')),
              )
              .leftJoin('passkeys as t_passkey', (join) =>
                join.onRef('t_passkey.id', '=', 'e.target_id').on(isTarget('passkey')),
              )
              .leftJoin('api_keys as t_key', (join) =>
                join.onRef('t_key.id', '=', 'e.target_id').on(isTarget('key')),
              )
              .select((eb) =>
                eb.fn
                  .coalesce(
                    eb.fn.coalesce('t_pet.name', 't_category.name', 't_account.name'),
                    't_person.name',
                    't_passkey.name',
                    't_key.label',
                  )
                  .as('targetName'),
              ),
          );
        if (used.includes('targetType')) query = query.where('e.target_type', '=', p.targetType);
        if (used.includes('targetId')) query = query.where('e.target_id', '=', p.targetId);
        if (used.includes('actorAccountId'))
          query = query.where('e.actor_account_id', '=', p.actorAccountId);
        if (before) query = query.where('e.id', '<', p.beforeId);
        if (listed) query = query.where('e.id', '<', listed);
        return query.orderBy('e.id', 'desc').limit(p.limit);
      },
    );
  }
}
