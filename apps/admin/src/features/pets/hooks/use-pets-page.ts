/**
 * One page of the pets a view lists, as the list shows it: the rows, whether they are still the
 * view before's (while the next page loads), and the rows last shown, kept on screen while the
 * rate limit holds the next ones back. Each pet comes with its photos, for its face.
 */
import type { ListedPet } from '@pets/client';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { useClient } from '../../../lib/client.js';
import { isRateLimited } from '../../../lib/errors.js';
import { cursorOf } from '../../../lib/paging.js';
import { useRateLimit } from '../../../lib/rate-limit.js';
import { listPetsQueryOptions } from '../api/list-pets.js';
import type { PetsView } from '../utils/pets-search.js';

/** What the list asks the API to add to each pet. */
const LISTED_WITH = ['photos'] as const;

export function usePetsPage(view: PetsView) {
  const client = useClient();
  const { blocked } = useRateLimit();
  const pets = useQuery({
    // With each pet's photos: the list shows its face.
    ...listPetsQueryOptions(client, { ...view, expand: LISTED_WITH }),
    enabled: !blocked,
    placeholderData: keepPreviousData,
  });

  // The rows last shown stay on screen while the rate limit holds the next ones back.
  const shown = useRef<{ data: ListedPet[]; next: string | undefined } | undefined>(undefined);
  if (pets.data && !pets.isPlaceholderData) shown.current = pets.data;
  const held =
    pets.data === undefined && (blocked || (pets.isError && isRateLimited(pets.error)))
      ? shown.current
      : undefined;

  return {
    pets,
    /** The rows kept from before the rate limit was reached, while it holds this view back. */
    held,
    /** Placeholder data is the previous view's: never describe it as this one's. */
    waiting:
      pets.isPlaceholderData || (pets.data === undefined && (pets.isFetching || !pets.isError)),
    /** The rows to show: this page's, or those held. */
    found: pets.data?.data ?? held?.data ?? [],
    nextCursor: cursorOf(pets.data?.next),
  };
}

export type PetsPageState = ReturnType<typeof usePetsPage>;
