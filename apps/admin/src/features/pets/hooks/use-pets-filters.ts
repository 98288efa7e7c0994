/**
 * What is typed into the pets filters (name, category) until Search applies it to the view, and
 * Clear filters, which empties both and shows every pet again.
 */
import { isIdText } from '@pets/contract';
import { useState } from 'react';
import type { PetsViewState } from './use-pets-view.js';

export function usePetsFilters({ view, change }: Pick<PetsViewState, 'view' | 'change'>) {
  const [name, setName] = useState(view.name ?? '');
  const [category, setCategory] = useState(
    view.categoryId === undefined ? '' : String(view.categoryId),
  );
  return {
    name,
    setName,
    category,
    setCategory,
    /** Whether the view shown is filtered by name or category. */
    filtered: view.name !== undefined || view.categoryId !== undefined,
    /** Shows the pets matching what is typed (an empty input, or a category that is no id, is no filter). */
    search: () => {
      change({
        name: name === '' ? undefined : name,
        categoryId: isIdText(category) ? Number(category) : undefined,
      });
    },
    clear: () => {
      setName('');
      setCategory('');
      change({ name: undefined, categoryId: undefined });
    },
  };
}

export type PetsFilterInputs = ReturnType<typeof usePetsFilters>;
