import { ListPetsQuery, PET_STATUSES, type PetStatus } from '@pets/contract';

export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** What the pets page shows; all of it lives in the URL, so a link reproduces the view. */
export interface PetsView {
  status: PetStatus | undefined;
  /** Names starting with this, in any case. */
  name?: string | undefined;
  categoryId?: number | undefined;
  limit: PageSize;
  cursor: string | undefined;
}

/** Filter values as the API takes them, or `undefined` (left out of the view) when it would refuse them. */
const accepted = {
  name: (value: string | null) => {
    const parsed = ListPetsQuery.shape.name.safeParse(value ?? undefined);
    return parsed.success ? parsed.data : undefined;
  },
  categoryId: (value: string | null) => {
    const parsed = ListPetsQuery.shape.categoryId.safeParse(value ?? undefined);
    return parsed.success ? parsed.data : undefined;
  },
};

const CURSOR = /^[A-Za-z0-9_-]{1,512}$/;

/** Reads `?status=sold&limit=50&cursor=…`; anything unknown falls back to the default. */
export function parsePetsSearch(search: string): PetsView {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const limit = Number(params.get('limit'));
  const cursor = params.get('cursor');
  const name = accepted.name(params.get('name'));
  const categoryId = accepted.categoryId(params.get('categoryId'));
  return {
    status: PET_STATUSES.find((known) => known === status),
    ...(name === undefined ? {} : { name }),
    ...(categoryId === undefined ? {} : { categoryId }),
    limit: PAGE_SIZES.find((size) => size === limit) ?? PAGE_SIZES[0],
    cursor: cursor !== null && CURSOR.test(cursor) ? cursor : undefined,
  };
}

/** The pets page's address for a view; defaults are left out. */
export function petsPath({ status, name, categoryId, limit, cursor }: PetsView): string {
  const params = new URLSearchParams();
  if (status !== undefined) params.set('status', status);
  if (name !== undefined) params.set('name', name);
  if (categoryId !== undefined) params.set('categoryId', String(categoryId));
  if (limit !== PAGE_SIZES[0]) params.set('limit', String(limit));
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/pets?${search}` : '/pets';
}

/** The cursor of the page a `next` link points at. */
export function cursorOf(next: string | undefined): string | undefined {
  if (next === undefined) return undefined;
  return new URL(next).searchParams.get('cursor') ?? undefined;
}

/** History state of a pets page: the cursors of the pages before it, '' for the first page. */
export interface PetsHistoryState {
  previous: string[];
}

export function previousCursorsOf(state: unknown): string[] {
  if (typeof state !== 'object' || state === null || !('previous' in state)) return [];
  const { previous } = state;
  return Array.isArray(previous) && previous.every((cursor) => typeof cursor === 'string')
    ? previous
    : [];
}
