/**
 * Migration: the indexes that serve an account's own pets, and staff's, in id order.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /v1/pets?owner=me` (docs/partners/pets.md): an account's pets, and staff's (no owner), each in id
 * order straight from an index on both engines. PostgreSQL takes no order from
 * `(owner_account_id, id)` under `owner_account_id IS NULL`, hence the partial index for staff's.
 */
const INDEXES = {
  pets_owner_account_id: `CREATE INDEX pets_owner_account_id ON pets (owner_account_id, id)`,
  pets_unowned: `CREATE INDEX pets_unowned ON pets (id) WHERE owner_account_id IS NULL`,
};

export class PetsOwnerIndex1795305800000 implements MigrationInterface {
  name = 'PetsOwnerIndex1795305800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of Object.values(INDEXES)) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of Object.keys(INDEXES)) await queryRunner.query(`DROP INDEX ${index}`);
  }
}
