/**
 * Cursors of the paged lists: from the address, from the API's next link, and those kept in the
 * history state for Previous.
 */
import { ListCursor } from '@pets/contract';

/** A cursor from the address, or nothing when it cannot be one (the API would refuse it). */
export function cursorParam(cursor: string | null): string | undefined {
  const parsed = ListCursor.safeParse(cursor ?? undefined);
  return parsed.success ? parsed.data : undefined;
}

/** The cursor of the page a `next` link points at. */
export function cursorOf(next: string | undefined): string | undefined {
  if (next === undefined) return undefined;
  return new URL(next).searchParams.get('cursor') ?? undefined;
}

/** History state of a paged view: the cursors of the pages before it, '' for the first page. */
export interface PagingHistoryState {
  previous: string[];
}

export function previousCursorsOf(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('previous' in state)) return [];
  const { previous } = state;
  return Array.isArray(previous) && previous.every((cursor) => typeof cursor === 'string')
    ? previous
    : [];
}
