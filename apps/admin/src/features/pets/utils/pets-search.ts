/** The pets page's view (search, filters, order, page size, page) read from and written to its address. */
import {
  LIST_LIMIT_DEFAULT,
  LIST_LIMIT_MAX,
  LIST_PETS_SORTS,
  ListPetsQuery,
  type ListPetsSort,
  PET_STATUSES,
  type PetStatus,
} from '@pets/contract';
import { cursorParam } from '../../../lib/paging.js';

/** The page sizes offered: the API's default first (the page's too), up to the most it gives. */
export const PAGE_SIZES = [LIST_LIMIT_DEFAULT, 50, LIST_LIMIT_MAX] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

/** What the pets page shows; all of it lives in the URL, so a link reproduces the view. */
export interface PetsView {
  status: PetStatus | undefined;
  /** Names starting with this, in any case (links made before the search box; it writes `q`). */
  name?: string | undefined;
  /** Pets whose name holds every word of this, as the API searches. */
  q?: string | undefined;
  categoryId?: number | undefined;
  /** Only the pets the signed-in account created (for staff: the pets staff created). */
  owner?: 'me' | undefined;
  /** The order; left out, ascending id (the API's default). */
  sort?: Exclude<ListPetsSort, 'id'> | undefined;
  limit: PageSize;
  cursor: string | undefined;
}

/** Filter values as the API takes them, or `undefined` (left out of the view) when it would refuse them. */
const accepted = {
  name: (value: string | null) => {
    const parsed = ListPetsQuery.shape.name.safeParse(value ?? undefined);
    return parsed.success ? parsed.data : undefined;
  },
  q: (value: string | null) => {
    const parsed = ListPetsQuery.shape.q.safeParse(value ?? undefined);
    return parsed.success ? parsed.data : undefined;
  },
  categoryId: (value: string | null) => {
    const parsed = ListPetsQuery.shape.categoryId.safeParse(value ?? undefined);
    return parsed.success ? parsed.data : undefined;
  },
};

/** Reads `?status=sold&limit=50&cursor=…`; anything unknown falls back to the default. */
export function parsePetsSearch(search: string): PetsView {
  const params = new URLSearchParams(search);
  const status = params.get('status');
  const limit = Number(params.get('limit'));
  const cursor = params.get('cursor');
  const name = accepted.name(params.get('name'));
  const q = accepted.q(params.get('q'));
  const categoryId = accepted.categoryId(params.get('categoryId'));
  const sort = LIST_PETS_SORTS.find((known) => known !== 'id' && known === params.get('sort'));
  return {
    status: PET_STATUSES.find((known) => known === status),
    ...(name === undefined ? {} : { name }),
    ...(q === undefined ? {} : { q }),
    ...(categoryId === undefined ? {} : { categoryId }),
    ...(params.get('owner') === 'me' ? { owner: 'me' as const } : {}),
    ...(sort === undefined || sort === 'id' ? {} : { sort }),
    limit: PAGE_SIZES.find((size) => size === limit) ?? PAGE_SIZES[0],
    cursor: cursorParam(cursor),
  };
}

/** The pets page's address for a view; defaults are left out. */
export function petsPath({
  status,
  name,
  q,
  categoryId,
  owner,
  sort,
  limit,
  cursor,
}: PetsView): string {
  const params = new URLSearchParams();
  if (q !== undefined) params.set('q', q);
  if (status !== undefined) params.set('status', status);
  if (name !== undefined) params.set('name', name);
  if (categoryId !== undefined) params.set('categoryId', String(categoryId));
  if (owner !== undefined) params.set('owner', owner);
  if (sort !== undefined) params.set('sort', sort);
  if (limit !== PAGE_SIZES[0]) params.set('limit', String(limit));
  if (cursor !== undefined) params.set('cursor', cursor);
  const search = params.toString();
  return search ? `/pets?${search}` : '/pets';
}
