/** The pets feature's page, as the app's route shows it. */
import { PetsList } from './pets-list.js';

/** The catalogue first; adding a pet is a dialog from the page's heading. */
export function PetsPage() {
  return <PetsList />;
}
