/**
 * The outbox as partners read it (Events1795307100000): events in ascending id, those a reader may
 * see (staff every one; a partner the catalogue's and its own orders'), of the types asked for,
 * not older than the days they are kept; and the removal of older ones.
 */
import { Injectable } from '@nestjs/common';
import { EVENT_TYPES, type Event, type EventType } from '@pets/contract';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';

/** One slot per event type: a filter names up to all of them, in one prepared statement. */
const SLOTS = EVENT_TYPES.map((_, index) => `type${index}` as const);
type Slots = Record<(typeof SLOTS)[number], string>;

interface PageParameters extends Slots {
  afterId: number;
  since: number;
  accountId: number;
  limit: number;
}

/** Who reads: staff read every event; anyone else the catalogue's and its own account's. */
export type Reader =
  { readonly staff: true } | { readonly staff: false; readonly accountId: number };

interface Row {
  id: number;
  type: EventType;
  createdAt: number;
  data: string;
}

const toEvent = (row: Row): Event =>
  ({
    id: row.id,
    type: row.type,
    createdAt: new Date(row.createdAt).toISOString(),
    data: JSON.parse(row.data) as unknown,
  }) as Event;

@Injectable()
export class EventsRepository {
  /** By whether the reader is staff and whether types are filtered (public for plan tests). */
  readonly statements;
  private readonly sweep;

  constructor(private readonly database: Database) {
    const listed = listedBelow(database.engine);
    const page = (staff: boolean, typed: boolean) =>
      database.statement((db, p: PageParameters) => {
        let query = db
          .selectFrom('events')
          .select(['id', 'type', 'created_at as createdAt', 'data'])
          .where('id', '>', p.afterId)
          .where('created_at', '>=', p.since);
        // On PostgreSQL, only events below the first not yet listed (docs/team/guarantees.md).
        if (listed) query = query.where('id', '<', listed);
        if (!staff)
          query = query.where((eb) =>
            eb.or([eb('account_id', 'is', null), eb('account_id', '=', p.accountId)]),
          );
        if (typed) query = query.where('type', 'in', SLOTS.map((slot) => p[slot]) as EventType[]);
        return query.orderBy('id').limit(p.limit);
      });
    this.statements = {
      staff: page(true, false),
      staffTyped: page(true, true),
      partner: page(false, false),
      partnerTyped: page(false, true),
    };
    this.sweep = database.statement((db, p: { before: number }) =>
      db.deleteFrom('events').where('created_at', '<', p.before),
    );
  }

  /** Up to `limit` events after `afterId` that `reader` sees, of `types` (any when undefined). */
  async page(
    reader: Reader,
    types: readonly EventType[] | undefined,
    since: number,
    afterId: number,
    limit: number,
  ): Promise<Event[]> {
    const typed = types !== undefined;
    const statement = reader.staff
      ? typed
        ? this.statements.staffTyped
        : this.statements.staff
      : typed
        ? this.statements.partnerTyped
        : this.statements.partner;
    // Unused slots repeat the first type named: the same filter.
    const slots: Slots = Object.fromEntries<string>(
      SLOTS.map((slot, index) => [slot, types?.[index] ?? types?.[0] ?? '']),
    );
    const rows = await this.database.all(statement, {
      ...slots,
      afterId,
      since,
      accountId: reader.staff ? 0 : reader.accountId,
      limit,
    });
    return rows.map(toEvent);
  }

  /** Removes the events made before `before`; resolves with how many. */
  removeBefore(tx: WriteTx, before: number): Promise<number> {
    return tx.run(this.sweep, { before });
  }
}
