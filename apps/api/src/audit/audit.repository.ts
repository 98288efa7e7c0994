/**
 * The audit trail's table: who changed what (before and after of each field), written in the
 * transaction of the change itself, and read newest first by target or actor.
 */
import { Injectable } from '@nestjs/common';
import type { AuditAction, AuditEvent, AuditTargetType } from '@pets/contract';
import type { Principal } from '../gate/principal.js';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
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

export interface NewEvent {
  readonly actor: Actor;
  readonly action: AuditAction;
  readonly target: { readonly type: AuditTargetType; readonly id: number };
  readonly changes: Changes;
}

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

const toEvent = (row: Row): AuditEvent => ({
  id: row.id,
  at: new Date(row.at).toISOString(),
  actor: actorFrom(row),
  action: row.action,
  target: { type: row.targetType, id: row.targetId },
  changes: JSON.parse(row.changes) as AuditEvent['changes'],
});

const FILTERS = ['targetType', 'targetId', 'actorAccountId'] as const;

/** The audit_events table: written with each change, read newest first. */
@Injectable()
export class AuditRepository {
  private readonly insert;
  /** One statement per combination of filters, each served by an index. */
  private readonly pages = new Map<string, ReturnType<AuditRepository['page']>>();

  constructor(private readonly database: Database) {
    this.insert = database.statement((db, p: Omit<Row, 'id'>) =>
      db.insertInto('audit_events').values({
        at: p.at,
        actor_account_id: p.actorAccountId,
        actor_key_id: p.actorKeyId,
        actor_person_id: p.actorPersonId,
        action: p.action,
        target_type: p.targetType,
        target_id: p.targetId,
        changes: p.changes,
      }),
    );
  }

  /** Appends an event within the transaction of the change it records. */
  async record(tx: WriteTx, at: number, event: NewEvent): Promise<void> {
    const actor = typeof event.actor === 'string' ? undefined : event.actor;
    await tx.run(this.insert, {
      at,
      actorAccountId: actor?.accountId ?? null,
      actorKeyId: actor && 'keyId' in actor ? actor.keyId : null,
      actorPersonId: actor && 'personId' in actor ? actor.personId : null,
      action: event.action,
      targetType: event.target.type,
      targetId: event.target.id,
      changes: JSON.stringify(event.changes),
    });
  }

  /** Up to `limit` events older than `beforeId` (any when undefined), newest first. */
  async list(
    filters: AuditFilters,
    limit: number,
    beforeId: number | undefined,
  ): Promise<AuditEvent[]> {
    const used = FILTERS.filter((name) => filters[name] !== undefined);
    const key = `${used.join(',')}|${beforeId === undefined ? '' : 'before'}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.page(used, beforeId !== undefined);
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

  private page(used: readonly (typeof FILTERS)[number][], before: boolean) {
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
          .selectFrom('audit_events')
          .select([
            'id',
            'at',
            'actor_account_id as actorAccountId',
            'actor_key_id as actorKeyId',
            'actor_person_id as actorPersonId',
            'action',
            'target_type as targetType',
            'target_id as targetId',
            'changes',
          ]);
        if (used.includes('targetType')) query = query.where('target_type', '=', p.targetType);
        if (used.includes('targetId')) query = query.where('target_id', '=', p.targetId);
        if (used.includes('actorAccountId'))
          query = query.where('actor_account_id', '=', p.actorAccountId);
        if (before) query = query.where('id', '<', p.beforeId);
        if (listed) query = query.where('id', '<', listed);
        return query.orderBy('id', 'desc').limit(p.limit);
      },
    );
  }
}
