/**
 * A pet's page, as the router loads it: composes the pets feature with the audit feature's
 * history.
 */
import { useParams } from 'wouter';
import { PetHistory } from '../../features/audit/components/pet-history.js';
import { PetPage } from '../../features/pets/components/pet-page.js';
import { petIdOf } from '../../features/pets/utils/pet-path.js';

/** A pet's page, with its history (the audit feature's) for staff. */
export function PetRoute() {
  const { id } = useParams<{ id: string }>();
  return (
    <PetPage
      id={petIdOf(id)}
      history={(petId) => <PetHistory petId={petId} headingId="pet-history-heading" />}
    />
  );
}
