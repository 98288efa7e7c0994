/**
 * The pets filters: the name typed until Search applies it to the view, the category applied as it
 * is chosen (with the name typed so far), and Clear filters, which empties both and shows every pet
 * again. The category stays `categoryId=<id>` in the address, so links made before still work.
 */
import { isIdText } from '@pets/contract';
import { useState } from 'react';
import type { PetsViewState } from './use-pets-view.js';

export function usePetsFilters({ view, change }: Pick<PetsViewState, 'view' | 'change'>) {
  const [name, setName] = useState(view.name ?? '');
  const typedName = name === '' ? undefined : name;
  return {
    name,
    setName,
    /** Whether the view shown is filtered by name or category. */
    filtered: view.name !== undefined || view.categoryId !== undefined,
    /** Shows the pets whose names start with what is typed (nothing typed is no filter). */
    search: () => {
      change({ name: typedName });
    },
    /** Shows the pets of the category chosen (its id; '' for all), and of the name typed. */
    chooseCategory: (value: string) => {
      change({ name: typedName, categoryId: isIdText(value) ? Number(value) : undefined });
    },
    clear: () => {
      setName('');
      change({ name: undefined, categoryId: undefined });
    },
  };
}

export type PetsFilterInputs = ReturnType<typeof usePetsFilters>;
