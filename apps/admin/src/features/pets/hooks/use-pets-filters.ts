/**
 * The pets filters: the search, applied as it is typed (a pause of {@link SEARCH_DELAY_MS} after the
 * last key, rewriting the address in place rather than adding a step per key), the category applied
 * as it is chosen, and Clear filters, which empties the search, an old link's name and the category.
 * The category stays `categoryId=<id>` in the address, so links made before still work.
 */
import { isIdText } from '@pets/contract';
import { useEffect, useRef, useState } from 'react';
import type { PetsViewState } from './use-pets-view.js';

/** How long typing pauses before the search is sent: one request per word, not per key. */
export const SEARCH_DELAY_MS = 250;

/** What is typed as the API takes it: nothing but spaces is no search. */
const searchOf = (typed: string) => (typed.trim() === '' ? undefined : typed.trim());

export function usePetsFilters({ view, change }: Pick<PetsViewState, 'view' | 'change'>) {
  const [text, setText] = useState(view.q ?? '');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // The latest view and change, for the timer set with an older render's.
  const latest = useRef({ view, change });
  latest.current = { view, change };

  // The address changed otherwise (Back, a link, Clear filters): the box shows its search.
  const sent = useRef(view.q);
  useEffect(() => {
    if (view.q !== sent.current) {
      sent.current = view.q;
      setText(view.q ?? '');
    }
  }, [view.q]);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  const apply = (typed: string) => {
    clearTimeout(timer.current);
    const q = searchOf(typed);
    if (q === latest.current.view.q) return;
    sent.current = q;
    latest.current.change({ q }, { replace: true });
  };

  return {
    text,
    /** Takes what is typed; the list follows once typing pauses. */
    type: (typed: string) => {
      setText(typed);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        apply(typed);
      }, SEARCH_DELAY_MS);
    },
    /** Enter: the search now, without waiting for the pause. */
    searchNow: () => {
      apply(text);
    },
    /** Whether the view shown is filtered by the search, a name or the category. */
    filtered: view.q !== undefined || view.name !== undefined || view.categoryId !== undefined,
    /** Shows the pets of the category chosen (its id; '' for all). */
    chooseCategory: (value: string) => {
      change({ categoryId: isIdText(value) ? Number(value) : undefined });
    },
    clear: () => {
      clearTimeout(timer.current);
      setText('');
      sent.current = undefined;
      change({ q: undefined, name: undefined, categoryId: undefined });
    },
  };
}

export type PetsFilterInputs = ReturnType<typeof usePetsFilters>;
