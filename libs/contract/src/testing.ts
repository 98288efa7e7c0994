import type { NewPetInput, Pet } from './pet.schema.js';

/** A valid `createPet` body; override what a test is about. */
export const createNewPet = (overrides: Partial<NewPetInput> = {}): NewPetInput => ({
  name: 'Rex',
  categoryId: 1,
  status: 'available',
  ...overrides,
});

/** A valid `Pet` as the API returns it. */
export const createPet = (overrides: Partial<Pet> = {}): Pet => ({
  id: 1,
  name: 'Rex',
  categoryId: 1,
  status: 'available',
  ...overrides,
});
