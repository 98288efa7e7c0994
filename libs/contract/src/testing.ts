/**
 * Helpers for tests: a valid new pet, a valid pet and a valid photo, to override with what a test
 * is about. An entry of its own, kept out of the contract's main one.
 */
import type { PetPhoto } from './pet-profile.schema.js';
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

/** A valid `PetPhoto` as the API returns it. */
export const createPetPhoto = (overrides: Partial<PetPhoto> = {}): PetPhoto => ({
  id: 8,
  position: 1,
  width: 1080,
  height: 720,
  // Stryker disable next-line StringLiteral: the schema takes any text as a thumbhash, '' too
  thumbhash: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw==',
  urls: {
    small: 'https://photos.example/p/8-small.webp',
    medium: 'https://photos.example/p/8-medium.webp',
    large: 'https://photos.example/p/8-large.webp',
  },
  ...overrides,
});
