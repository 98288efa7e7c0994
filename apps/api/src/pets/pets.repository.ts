import { Injectable } from '@nestjs/common';
import type { NewPet, Pet, PetStatus } from '@pets/contract';
import { DataSource } from 'typeorm';
import { placeholders, type Queryable } from '../database/sql.js';

interface PetRow {
  id: number | string;
  name: string;
  category_id: number | string;
  status: PetStatus;
}

/** PostgreSQL returns bigint as text; every value here is at most 2^53 - 1. */
const toPet = (row: PetRow): Pet => ({
  id: Number(row.id),
  name: row.name,
  categoryId: Number(row.category_id),
  status: row.status,
});

/** The pets table. Plain SQL on the request path: keyset pages over (status, id) and the primary key. */
@Injectable()
export class PetsRepository {
  /** The statements, written once for the engine in use (public so tests can check their plans). */
  readonly sql: { listAll: string; listByStatus: string; byId: string; insertPet: string };

  constructor(private readonly dataSource: DataSource) {
    const p = placeholders(dataSource);
    this.sql = {
      listAll: `SELECT id, name, category_id, status FROM pets WHERE id > ${p(1)} ORDER BY id LIMIT ${p(2)}`,
      listByStatus: `SELECT id, name, category_id, status FROM pets WHERE status = ${p(1)} AND id > ${p(2)} ORDER BY id LIMIT ${p(3)}`,
      byId: `SELECT id, name, category_id, status FROM pets WHERE id = ${p(1)}`,
      insertPet: `INSERT INTO pets (name, category_id, status, created_at) VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}) RETURNING id, name, category_id, status`,
    };
  }

  /** Up to `limit` pets after `afterId` in ascending id, optionally of one status. */
  async list(limit: number, afterId: number, status: PetStatus | undefined): Promise<Pet[]> {
    const rows: PetRow[] =
      status === undefined
        ? await this.dataSource.query(this.sql.listAll, [afterId, limit])
        : await this.dataSource.query(this.sql.listByStatus, [status, afterId, limit]);
    return rows.map(toPet);
  }

  async findById(id: number): Promise<Pet | undefined> {
    const rows: PetRow[] = await this.dataSource.query(this.sql.byId, [id]);
    const row = rows[0];
    return row ? toPet(row) : undefined;
  }

  /** Inserts within the caller's transaction when given one. */
  async insert(pet: NewPet, now: number, db: Queryable = this.dataSource): Promise<Pet> {
    const rows: PetRow[] = await db.query(this.sql.insertPet, [
      pet.name,
      pet.categoryId,
      pet.status,
      now,
    ]);
    const row = rows[0];
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return toPet(row);
  }
}
