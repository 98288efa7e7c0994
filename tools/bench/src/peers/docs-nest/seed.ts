/** The docs peer's data: 1,000 pets and the one API key the bench sends. */
import type { DataSource } from 'typeorm';
import { ApiKey } from './api-key.entity.js';
import { Pet } from './pet.entity.js';

export const SEEDED_PETS = 1_000;

export async function seed(dataSource: DataSource, token: string): Promise<void> {
  const statuses = ['available', 'pending', 'sold'];
  await dataSource.getRepository(Pet).insert(
    Array.from({ length: SEEDED_PETS }, (_, n) => ({
      name: `Pet ${n + 1}`,
      categoryId: 1 + (n % 6),
      status: statuses[n % 3] ?? 'available',
    })),
  );
  await dataSource.getRepository(ApiKey).insert({ token, owner: 'Bench' });
}
