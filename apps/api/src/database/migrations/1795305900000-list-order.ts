/**
 * Lists never skip (docs/team/guarantees.md), on PostgreSQL. A sequence hands out an id at insert and the row
 * appears at commit, so a row could commit after rows with higher ids that readers had already
 * paged past. SQLite needs none of this: one writer at a time holds the write lock from its first
 * statement to its commit, so its ids appear in the order they were handed out.
 *
 * So on PostgreSQL a listed table's ids follow transaction ids: `(xid + base) × 1000 + n`, the n-th
 * row the transaction adds (at most 1000). Any transaction still to commit has a transaction id at
 * least `pg_snapshot_xmin` of a reader's snapshot, so every id below `(xmin + base) × 1000` belongs
 * to a transaction that has ended: committed and visible to that reader, or never to be. A list shows
 * only those (`listedBelow` in `list-order.ts`), and no row can ever appear below one it has shown.
 * This is the order the event stores on PostgreSQL keep (ordering by transaction id and showing only
 * what is below the oldest transaction in flight), written into the id itself because lists are in
 * id order.
 *
 * `base` keeps new ids above every id already handed out: above the ids the identity gave before
 * this migration, and after a restore into a new cluster, whose transaction ids start again from the
 * beginning (`ensure_id_base()`, run at every start). The identity goes, with its sequence.
 * Expand-only for the previous release: its inserts name no id and get one from the trigger; its
 * reads are unchanged.
 */
import type { MigrationInterface, QueryRunner } from 'typeorm';

export const LISTED = ['pets', 'audit_events'] as const;

/** Ids a transaction may add to one table: the multiplier of its transaction id. */
export const IDS_PER_TRANSACTION = 1000;

const postgres = [
  `CREATE TABLE id_base (base bigint NOT NULL)`,
  `INSERT INTO id_base VALUES (0)`,
  `CREATE FUNCTION list_order() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE
     n integer := coalesce(nullif(current_setting('petstore.ids_taken', true), ''), '0')::integer;
   BEGIN
     IF n >= ${IDS_PER_TRANSACTION} THEN
       RAISE EXCEPTION 'A transaction adds at most ${IDS_PER_TRANSACTION} rows to a listed table';
     END IF;
     PERFORM set_config('petstore.ids_taken', (n + 1)::text, true);
     NEW.id := ((SELECT base FROM id_base) + pg_current_xact_id()::text::bigint)
       * ${IDS_PER_TRANSACTION} + n;
     RETURN NEW;
   END $$`,
  `CREATE FUNCTION ensure_id_base() RETURNS bigint LANGUAGE plpgsql AS $$
   DECLARE
     top bigint := greatest(${LISTED.map((table) => `(SELECT coalesce(max(id), 0) FROM ${table})`).join(', ')});
     wanted bigint;
   BEGIN
     LOCK TABLE id_base IN EXCLUSIVE MODE;
     wanted := top / ${IDS_PER_TRANSACTION} + 1 - pg_current_xact_id()::text::bigint;
     UPDATE id_base SET base = wanted WHERE base < wanted;
     RETURN (SELECT base FROM id_base);
   END $$`,
  `CREATE FUNCTION await_listing(timeout_ms integer) RETURNS boolean LANGUAGE plpgsql AS $$
   DECLARE
     target xid8 := pg_snapshot_xmax(pg_current_snapshot());
     deadline timestamptz := clock_timestamp() + timeout_ms * interval '1 millisecond';
   BEGIN
     LOOP
       IF pg_snapshot_xmin(pg_current_snapshot()) >= target THEN RETURN true; END IF;
       IF clock_timestamp() >= deadline THEN RETURN false; END IF;
       PERFORM pg_sleep(0.001);
     END LOOP;
   END $$`,
  ...LISTED.flatMap((table) => [
    // Locks the table first: no insert takes an identity value from here on.
    `LOCK TABLE ${table} IN ACCESS EXCLUSIVE MODE`,
    `ALTER TABLE ${table} ALTER COLUMN id DROP IDENTITY`,
    `CREATE TRIGGER list_order BEFORE INSERT ON ${table}
     FOR EACH ROW EXECUTE FUNCTION list_order()`,
  ]),
  `SELECT ensure_id_base()`,
];

export class ListOrder1795305900000 implements MigrationInterface {
  name = 'ListOrder1795305900000';

  async up(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type !== 'postgres') return;
    for (const statement of postgres) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.dataSource.options.type !== 'postgres') return;
    for (const table of LISTED) {
      await queryRunner.query(`DROP TRIGGER list_order ON ${table}`);
      const [{ top }] = (await queryRunner.query(
        `SELECT coalesce(max(id), 0) AS top FROM ${table}`,
      )) as [{ top: number }];
      await queryRunner.query(
        `ALTER TABLE ${table} ALTER COLUMN id ADD GENERATED ALWAYS AS IDENTITY (START WITH ${top + 1})`,
      );
    }
    for (const fn of ['await_listing(integer)', 'ensure_id_base()', 'list_order()'])
      await queryRunner.query(`DROP FUNCTION ${fn}`);
    await queryRunner.query(`DROP TABLE id_base`);
  }
}
