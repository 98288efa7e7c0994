import { Injectable } from '@nestjs/common';
import type { NewPet, Pet, PetStatus } from '@pets/contract';
import { DataSource } from 'typeorm';
import { type PreparedRead, preparedReader, type Row } from '../database/prepared.js';
import { placeholders } from '../database/sql.js';
import type { WriteTx } from '../database/writer.js';

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

/** The same, from a row of `id, name, category_id, status` as an array. */
const fromRow = (row: Row): Pet => ({
  id: Number(row[0]),
  name: row[1] as string,
  categoryId: Number(row[2]),
  status: row[3] as PetStatus,
});

/**
 * The pets table. Prepared statements on the request path: keyset pages over (status, id) and the
 * primary key.
 */
@Injectable()
export class PetsRepository {
  /** The statements, written once for the engine in use (public so tests can check their plans). */
  readonly sql: { listAll: string; listByStatus: string; byId: string; insertPet: string };

  private readonly read: PreparedRead;

  constructor(private readonly dataSource: DataSource) {
    this.read = preparedReader(dataSource);
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
    const rows =
      status === undefined
        ? await this.read(this.sql.listAll, [afterId, limit])
        : await this.read(this.sql.listByStatus, [status, afterId, limit]);
    return rows.map(fromRow);
  }

  async findById(id: number): Promise<Pet | undefined> {
    const row = (await this.read(this.sql.byId, [id]))[0];
    return row ? fromRow(row) : undefined;
  }

  /** Inserts within the caller's write transaction. */
  async insert(pet: NewPet, now: number, tx: WriteTx): Promise<Pet> {
    const rows = await tx.rows<PetRow>(this.sql.insertPet, [
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
