/**
 * Events as partners read them (decisions §22): pages in ascending id of what the caller may see,
 * and the daily removal of events past the days they are kept.
 */
import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { type Event, EVENT_TYPES, EVENTS_KEPT_DAYS, type ListEventsQuery } from '@pets/contract';
import { CLOCK, type Clock } from '../config/clock.js';
import { Writer } from '../database/writer.js';
import type { Principal } from '../gate/principal.js';
import { Cursors } from '../paging/cursor.js';
import { type Page, scopedPage } from '../paging/paging.js';
import { EventsRepository, type Reader } from './events.repository.js';

const DAY_MS = 86_400_000;
export const EVENTS_KEPT_MS = EVENTS_KEPT_DAYS * DAY_MS;
/** How often an instance removes the events past their days (each removal is one statement). */
export const EVENTS_SWEEP_EVERY_MS = 3_600_000;

@Injectable()
export class EventsService implements OnModuleInit, OnApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly events: EventsRepository,
    private readonly writer: Writer,
    private readonly cursors: Cursors,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.timer = setInterval(
      () => void this.removeOld().catch(() => undefined),
      EVENTS_SWEEP_EVERY_MS,
    );
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /**
   * A page of the events `principal` may see. The cursor is bound to the reader and the types
   * asked for: a partner's cursor is refused to another account, and to other filters.
   */
  page(principal: Principal, query: ListEventsQuery): Promise<Page<Event>> {
    const reader: Reader =
      principal.role === 'staff'
        ? { staff: true }
        : { staff: false, accountId: principal.accountId };
    // No `.` in a scope (it separates a cursor's fields): the types by their index.
    const types = query.type?.map((type) => EVENT_TYPES.indexOf(type)).join('-') ?? '';
    const scope = `${reader.staff ? 'staff' : reader.accountId}~${types}`;
    const since = this.clock.now() - EVENTS_KEPT_MS;
    return scopedPage(this.cursors, { kind: 'e1', scope }, query, (afterId, take) =>
      this.events.page(reader, query.type, since, afterId ?? 0, take),
    );
  }

  /** Removes the events past the days they are kept; resolves with how many. */
  removeOld(): Promise<number> {
    const before = this.clock.now() - EVENTS_KEPT_MS;
    return this.writer.transaction((tx) => this.events.removeBefore(tx, before));
  }
}
