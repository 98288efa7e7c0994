/**
 * A pet's name in the list, linking to its page. The list's entry in the browser's history notes
 * which pet was opened, so Back returns focus to this link; the pet's page notes the list's
 * address, for its Back to Pets.
 */
import type { Pet } from '@pets/client';
import { Link, useLocation, useSearch } from 'wouter';
import { petLinkId, petPath } from '../utils/pet-path.js';

export function PetLink({ pet, describedBy }: { pet: Pet; describedBy?: string | undefined }) {
  const [path] = useLocation();
  const search = useSearch();
  return (
    <Link
      href={petPath(pet.id)}
      id={petLinkId(pet.id)}
      aria-describedby={describedBy}
      state={{ list: search ? `${path}?${search}` : path }}
      onClick={() => {
        const kept: unknown = window.history.state;
        window.history.replaceState(
          { ...(typeof kept === 'object' && kept !== null ? kept : {}), openedPetId: pet.id },
          '',
        );
      }}
    >
      {pet.name}
    </Link>
  );
}
