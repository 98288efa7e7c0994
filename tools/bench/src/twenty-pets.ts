/**
 * The page every bare server answers from memory: 20 pets as the API returns them, the same for the
 * bare Fastify baseline and the bare NestJS peer, so the two differ only in their framework.
 */
import { createPet } from '@pets/contract/testing';

export const TWENTY_PETS = Array.from({ length: 20 }, (_, i) =>
  createPet({ id: i + 1, name: `Pet ${i + 1}`, categoryId: 1 + (i % 5) }),
);
