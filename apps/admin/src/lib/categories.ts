/**
 * Every category, read once for the whole app (all pages, cached) so that any page can name a
 * category from a pet's `categoryId`; the pets and the audit trail carry ids only. What changes a
 * category, or the pets in one (their count), invalidates it.
 */
import type { ApiResult, Category, PetstoreClient } from '@pets/client';
import { LIST_LIMIT_MAX } from '@pets/contract';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useClient } from './client.js';
import { cursorOf } from './paging.js';
import { useRateLimit } from './rate-limit.js';

/** Every query of categories: the whole list here, and the Categories page's pages. */
export const CATEGORIES_QUERY_ROOT = 'categories';
export const everyCategoryQueryKey = [CATEGORIES_QUERY_ROOT, 'every'] as const;

/**
 * Every category, page after page (the most the API gives a page), as one result: the last page's
 * rate limit, so the app's rate-limit state hears of it as of any other answer.
 */
export const everyCategoryQueryOptions = (client: PetstoreClient) =>
  queryOptions({
    queryKey: everyCategoryQueryKey,
    queryFn: async ({ signal }): Promise<ApiResult<Category[]>> => {
      let page = await client.listCategories({ limit: LIST_LIMIT_MAX }, { signal });
      const data = [...page.data];
      for (let cursor = cursorOf(page.next); cursor !== undefined; cursor = cursorOf(page.next)) {
        page = await client.listCategories({ limit: LIST_LIMIT_MAX, cursor }, { signal });
        data.push(...page.data);
      }
      const { next: _next, ...last } = page;
      return { ...last, data };
    },
    // Categories change seldom, and every change made here reads them again at once.
    staleTime: 60_000,
  });

/**
 * After pets were added, moved or removed: the categories' pet counts are stale. They are read
 * again when next shown (the Categories page); the names on the page now have not changed, so
 * nothing is read at once.
 */
export const petCountsChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: [CATEGORIES_QUERY_ROOT], refetchType: 'none' });

/** How a category id reads: its name, or for an id no category has, "Category 9 (unknown)". */
export function categoryLabel(id: number, category: Category | undefined): string {
  return category ? category.name : `Category ${id} (unknown)`;
}

/** What naming a category needs: its id to its category, and an id in words. */
export type CategoryLookup = Pick<Categories, 'byId' | 'nameOf'>;

export interface Categories {
  /** Every category, in ascending id; undefined until they are read. */
  all: Category[] | undefined;
  /** The category of an id, once they are read. */
  byId: (id: number) => Category | undefined;
  /**
   * An id in words: the category's name, or "Category 9 (unknown)" once the list is read without
   * it; until it is read, "Category 9 (loading)" or, when reading failed, "Category 9 (name not
   * loaded)". Never the bare number.
   */
  nameOf: (id: number) => string;
  /** The categories a pet may be put in: those not archived. */
  inUse: Category[];
  isPending: boolean;
  error: unknown;
  refetch: () => void;
}

/** Every category, with lookups by id, for any page that names or offers categories. */
export function useCategories(): Categories {
  const client = useClient();
  const { blocked } = useRateLimit();
  const query = useQuery({ ...everyCategoryQueryOptions(client), enabled: !blocked });
  const all = query.data?.data;
  const index = useMemo(
    () => new Map((all ?? []).map((category) => [category.id, category])),
    [all],
  );
  const byId = useCallback((id: number) => index.get(id), [index]);
  const nameOf = useCallback(
    (id: number) =>
      all !== undefined
        ? categoryLabel(id, index.get(id))
        : `Category ${id} (${query.isError ? 'name not loaded' : 'loading'})`,
    [all, index, query.isError],
  );
  const { refetch } = query;
  return {
    all,
    byId,
    nameOf,
    inUse: useMemo(() => (all ?? []).filter((category) => !category.archived), [all]),
    isPending: query.isPending,
    error: query.error,
    refetch: useCallback(() => {
      void refetch();
    }, [refetch]),
  };
}
