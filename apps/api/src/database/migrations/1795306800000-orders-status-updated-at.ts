/**
 * Migration: the index that serves the adoptions report, orders closed in a range of days.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `GET /v1/store/reports/adoptions` (docs/partners/orders.md): orders delivered or cancelled in a
 * range, by when they were closed (`updated_at`, which never changes after): for each of the two
 * statuses, the entries of the range only. (A partial index of closed orders on `updated_at` alone
 * was passed over by SQLite's planner for `orders_status_id`, which reads every closed order.)
 */
const INDEXES = {
  orders_status_updated_at: `CREATE INDEX orders_status_updated_at ON orders (status, updated_at)`,
};

export class OrdersStatusUpdatedAt1795306800000 implements MigrationInterface {
  name = 'OrdersStatusUpdatedAt1795306800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const statement of Object.values(INDEXES)) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of Object.keys(INDEXES)) await queryRunner.query(`DROP INDEX ${index}`);
  }
}
