/**
 * The pets page, as the router loads it: composes the pets feature with the audit feature's
 * history.
 */
import { PetHistory } from '../../features/audit/components/pet-history.js';
import { PetsPage } from '../../features/pets/components/pets-page.js';

/** The pets page, with each pet's history (the audit feature's) in its panel for staff. */
export function PetsRoute() {
  return (
    <PetsPage history={(petId) => <PetHistory petId={petId} headingId="pet-history-heading" />} />
  );
}
