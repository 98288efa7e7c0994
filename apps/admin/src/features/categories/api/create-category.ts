/** Creates a category (staff), sent once however often it is submitted; the categories are read again. */
import type { NewCategoryInput } from '@pets/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CATEGORIES_QUERY_ROOT } from '../../../lib/categories.js';
import { useClient } from '../../../lib/client.js';

export interface CreateCategoryVariables {
  category: NewCategoryInput;
  /** The same for every submission of the same name, so a repeat never makes a second category. */
  idempotencyKey: string;
}

export function useCreateCategory() {
  const client = useClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ category, idempotencyKey }: CreateCategoryVariables) =>
      client.createCategory(category, { idempotencyKey }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: [CATEGORIES_QUERY_ROOT] });
    },
  });
}
