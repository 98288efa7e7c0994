/** The pets page, as the router loads it. */
import { PetsPage } from '../../features/pets/components/pets-page.js';

/** The pets page: the catalogue, each pet's name linking to its own page. */
export function PetsRoute() {
  return <PetsPage />;
}
