import { PetsPage } from '../../features/pets/components/pets-page.js';

export const PetsRoute = PetsPage;
