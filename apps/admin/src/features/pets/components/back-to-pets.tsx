/**
 * The way from a pet's page back to the list. Opened from the list, it goes back in the browser's
 * history, so the list is as it was (its filters and page are in its address) and its link to the
 * pet takes focus again; otherwise it opens the pets.
 */
import { Link } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { listAddressOf } from '../utils/pet-path.js';

export function BackToPets() {
  const list = listAddressOf(useHistoryState<unknown>());
  return (
    <Link
      href={list ?? '/pets'}
      onClick={(event) => {
        if (list === undefined || event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        window.history.back();
      }}
    >
      Back to Pets
    </Link>
  );
}
