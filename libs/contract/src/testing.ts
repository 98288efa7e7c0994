/**
 * Helpers for tests: a valid new pet and a valid pet, to override with what a test is about. An
 * entry of its own, kept out of the contract's main one.
 */
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
