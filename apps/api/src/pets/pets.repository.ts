import { Injectable } from '@nestjs/common';
import type { NewPet, Pet, PetStatus } from '@pets/contract';
import { Database } from '../database/database.js';
import type { WriteTx } from '../database/writer.js';

const PET = ['id', 'name', 'category_id as categoryId', 'status'] as const;

/**
 * The pets table. Reads are keyset pages over (status, id) and the primary key, each a statement
 * prepared once.
 */
@Injectable()
export class PetsRepository {
  /** The statements (public so tests can check their query plans). */
  readonly statements;

  constructor(private readonly database: Database) {
    this.statements = {
      listAll: database.statement((db, p: { afterId: number; limit: number }) =>
        db.selectFrom('pets').select(PET).where('id', '>', p.afterId).orderBy('id').limit(p.limit),
      ),
      listByStatus: database.statement(
        (db, p: { status: PetStatus; afterId: number; limit: number }) =>
          db
            .selectFrom('pets')
            .select(PET)
            .where('status', '=', p.status)
            .where('id', '>', p.afterId)
            .orderBy('id')
            .limit(p.limit),
      ),
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('pets').select(PET).where('id', '=', p.id),
      ),
      insert: database.statement((db, p: NewPet & { createdAt: number }) =>
        db
          .insertInto('pets')
          .values({
            name: p.name,
            category_id: p.categoryId,
            status: p.status,
            created_at: p.createdAt,
          })
          .returning(PET),
      ),
    };
  }

  /** Up to `limit` pets after `afterId` in ascending id, optionally of one status. */
  list(limit: number, afterId: number, status: PetStatus | undefined): Promise<Pet[]> {
    return status === undefined
      ? this.database.all(this.statements.listAll, { afterId, limit })
      : this.database.all(this.statements.listByStatus, { status, afterId, limit });
  }

  findById(id: number): Promise<Pet | undefined> {
    return this.database.first(this.statements.byId, { id });
  }

  /** Inserts within the caller's write transaction. */
  async insert(pet: NewPet, createdAt: number, tx: WriteTx): Promise<Pet> {
    const [created] = await tx.all(this.statements.insert, { ...pet, createdAt });
    if (!created) throw new Error('INSERT … RETURNING gave no row');
    return created;
  }
}
