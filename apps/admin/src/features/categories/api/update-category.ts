/**
 * Renames, archives or restores a category (staff); every list of categories, and every name shown
 * from them, is read again.
 */
import type { Category, CategoryPatchInput } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CATEGORIES_QUERY_ROOT } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';

export interface UpdateCategoryVariables {
  category: Category;
  patch: CategoryPatchInput;
}

export function useUpdateCategory() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category, patch }: UpdateCategoryVariables) =>
      client.updateCategory(category.id, patch),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [CATEGORIES_QUERY_ROOT] }),
  });
}
