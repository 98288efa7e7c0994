/**
 * The pets page's view (search, filters, order, page size, page) as its address holds it, the
 * paging through it, and a way to change the view, which starts again from the first page.
 */
import { useLocation, useSearch } from 'wouter';
import { useCursorPaging, type CursorPaging } from '../../../lib/cursor-paging.js';
import { parsePetsSearch, petsPath, type PetsView } from '../utils/pets-search.js';

export interface PetsViewState {
  view: PetsView;
  paging: CursorPaging;
  /**
   * Shows the first page of the view with these changes (a filter, the order, the page size);
   * `replace` rewrites the address in place (the search while it is typed) instead of adding a step
   * Back goes through.
   */
  change: (changes: Partial<Omit<PetsView, 'cursor'>>, options?: { replace?: boolean }) => void;
}

export function usePetsView(): PetsViewState {
  const [, navigate] = useLocation();
  const view = parsePetsSearch(useSearch());
  const paging = useCursorPaging('cursor', (cursor) => petsPath({ ...view, cursor }));
  return {
    view,
    paging,
    change: (changes, options = {}) => {
      navigate(petsPath({ ...view, ...changes, cursor: undefined }), {
        replace: options.replace === true,
      });
    },
  };
}
