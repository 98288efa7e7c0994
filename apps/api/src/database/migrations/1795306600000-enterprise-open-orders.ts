/**
 * An enterprise account's own number of open store orders (`accounts.limit_open_orders`): NULL for
 * every other plan, and for an enterprise account that agreed none (the enterprise number of
 * OPEN_ORDERS_MAX applies).
 *
 * Expand-only: a nullable column the previous release neither reads nor writes; its accounts keep
 * the plan's number.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export class EnterpriseOpenOrders1795306600000 implements MigrationInterface {
  name = 'EnterpriseOpenOrders1795306600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `ALTER TABLE accounts ADD COLUMN limit_open_orders integer CHECK (limit_open_orders BETWEEN 1 AND 1000000)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE accounts DROP COLUMN limit_open_orders`);
  }
}
