/** The pets feature's page, as the app's route shows it. */
import { PetsList } from './pets-list.js';
import type { PetHistorySlot } from './pet-panel.js';

/** The catalogue first; adding a pet is a dialog from the page's heading. */
export function PetsPage({ history }: { history?: PetHistorySlot } = {}) {
  return <PetsList history={history} />;
}
