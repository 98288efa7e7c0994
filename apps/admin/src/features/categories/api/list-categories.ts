/** One page of the categories, oldest first, as the Categories page shows them. */
import type { PetstoreClient } from '@pets/client';
import { LIST_LIMIT_DEFAULT } from '@pets/contract';
import { queryOptions } from '@tanstack/react-query';
import { CATEGORIES_QUERY_ROOT } from '../../../lib/categories.js';

export const CATEGORIES_PAGE_SIZE = LIST_LIMIT_DEFAULT;

/** Under the root every category query shares, so a change reads them all again. */
export const categoriesPageQueryKey = (query: { limit: number; cursor?: string }) =>
  [CATEGORIES_QUERY_ROOT, 'page', query] as const;

/** One page of categories: the first, or the one `cursor` (from the page before) points at. */
export const listCategoriesQueryOptions = (client: PetstoreClient, cursor: string | undefined) => {
  const query = { limit: CATEGORIES_PAGE_SIZE, ...(cursor === undefined ? {} : { cursor }) };
  return queryOptions({
    queryKey: categoriesPageQueryKey(query),
    queryFn: ({ signal }) => client.listCategories(query, { signal }),
  });
};
