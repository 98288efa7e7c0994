/**
 * The pets marked for a bulk action: kept across pages (so pets on two pages are marked together),
 * each as it was last shown, so a move knows where each pet starts from and Undo where to put it
 * back. A Shift-click marks (or unmarks) the run of rows from the last one clicked on the page.
 */
import type { Pet } from '@pets/client';
import { useEffect, useRef, useState } from 'react';

export function usePetSelection(shown: readonly Pet[]) {
  const [selected, setSelected] = useState<ReadonlyMap<number, Pet>>(new Map());
  /** The row last clicked on this page: where a Shift-click's run starts. */
  const anchor = useRef<number | undefined>(undefined);

  // The pets shown are the latest word on those selected.
  useEffect(() => {
    setSelected((before) => {
      if (!shown.some((pet) => before.has(pet.id) && before.get(pet.id) !== pet)) return before;
      const after = new Map(before);
      for (const pet of shown) if (after.has(pet.id)) after.set(pet.id, pet);
      return after;
    });
  }, [shown]);

  const mark = (pets: readonly Pet[], on: boolean) => {
    setSelected((before) => {
      const after = new Map(before);
      for (const pet of pets) {
        if (on) after.set(pet.id, pet);
        else after.delete(pet.id);
      }
      return after;
    });
  };

  return {
    selected,
    has: (pet: Pet) => selected.has(pet.id),
    /** The pets selected, in the order they were marked. */
    pets: () => [...selected.values()],
    /** A row's checkbox, clicked: with Shift, the rows from the last one clicked too. */
    toggle: (pet: Pet, on: boolean, range: boolean) => {
      const at = shown.findIndex((row) => row.id === pet.id);
      const from = range ? shown.findIndex((row) => row.id === anchor.current) : -1;
      anchor.current = pet.id;
      if (from === -1 || at === -1) mark([pet], on);
      else mark(shown.slice(Math.min(from, at), Math.max(from, at) + 1), on);
    },
    /** Every pet on this page, marked or unmarked. */
    togglePage: (on: boolean) => {
      mark(shown, on);
    },
    /** Keeps only these pets (after a batch: those refused). */
    keepOnly: (pets: readonly Pet[]) => {
      setSelected(new Map(pets.map((pet) => [pet.id, selected.get(pet.id) ?? pet])));
    },
    clear: () => {
      anchor.current = undefined;
      setSelected(new Map());
    },
  };
}

export type PetSelection = ReturnType<typeof usePetSelection>;
