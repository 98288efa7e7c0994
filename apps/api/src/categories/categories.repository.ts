/**
 * The categories table: categories in pages with how many pets each has, found by id or by name
 * (as names are compared: `categoryNameKey`), created and changed; and a category held for a pet
 * being put in it.
 */
import { Injectable } from '@nestjs/common';
import { type Category, categoryNameKey } from '@pets/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';
import type { Tables } from '../database/tables.js';

/**
 * `name_key`: the name in NFC lower case, as the previous release compared names. It is still
 * written, so that release keeps refusing a name this one stored (CategoryNameKeys1795306400000).
 */
export const lowerCaseKey = (name: string): string => name.normalize('NFC').toLowerCase();

/** A category as read: `archived` as each engine gives it. */
interface Row {
  id: number;
  name: string;
  archived: boolean | number;
  /** A scalar subquery, typed as one that may find no row (a count always finds one). */
  petCount: number | null;
}

const toCategory = (row: Row): Category => ({
  id: row.id,
  name: row.name,
  archived: row.archived === true || row.archived === 1,
  petCount: row.petCount ?? 0,
});

/**
 * Its pets not removed, counted from `pets_category_live` alone (Categories1795306100000), whose
 * condition this repeats word for word (`category_id > 0` as written, not as a parameter).
 */
const petCount = (eb: ExpressionBuilder<Tables, 'categories'>) =>
  eb
    .selectFrom('pets')
    .select((count) => count.fn.countAll<number>().as('n'))
    .whereRef('pets.category_id', '=', 'categories.id')
    .where('pets.deleted_at', 'is', null)
    .where(sql<boolean>`pets.category_id > 0`)
    .as('petCount');

const CATEGORY = ['categories.id', 'categories.name', 'categories.archived', petCount] as const;

@Injectable()
export class CategoriesRepository {
  /** The statements (public so tests can check their query plans). */
  readonly statements;

  constructor(private readonly database: Database) {
    const listed = listedBelow(database.engine);
    const postgres = database.engine === 'postgres';
    this.statements = {
      page: database.statement((db, p: { afterId: number; limit: number }) => {
        let query = db.selectFrom('categories').select(CATEGORY).where('id', '>', p.afterId);
        // On PostgreSQL, only categories below the first not yet listed (docs/team/guarantees.md).
        if (listed) query = query.where('id', '<', listed);
        return query.orderBy('id').limit(p.limit);
      }),
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('categories').select(CATEGORY).where('id', '=', p.id),
      ),
      // The category with the key, and those with none (made or renamed by the previous release,
      // or one name with an older category when keys were made), whose names are compared here.
      byName: database.statement((db, p: { nameFold: string }) =>
        db
          .selectFrom('categories')
          .select(['id', 'name', 'name_fold'])
          .where((eb) => eb.or([eb('name_fold', '=', p.nameFold), eb('name_fold', 'is', null)])),
      ),
      // PostgreSQL: FOR SHARE, so an archive (an UPDATE of the row) waits until the pet's
      // transaction ends, and a pet's transaction that comes after the archive reads it archived.
      // SQLite writes one transaction at a time: nothing can change the row before the commit.
      held: database.statement((db, p: { id: number }) => {
        const query = db.selectFrom('categories').select('archived').where('id', '=', p.id);
        return postgres ? query.forShare() : query;
      }),
      insert: database.statement(
        (db, p: { name: string; nameKey: string; nameFold: string; createdAt: number }) =>
          db
            .insertInto('categories')
            .values({
              name: p.name,
              name_key: p.nameKey,
              name_fold: p.nameFold,
              archived: 0,
              created_at: p.createdAt,
            })
            .returning('id'),
      ),
      // A rename clears the key, then writes it: the trigger (CategoryNameKeys1795306400000)
      // clears the key when a rename leaves it as it was, as the previous release's renames do,
      // and so would clear it on a rename to the same name in another case.
      clearFold: database.statement((db, p: { id: number }) =>
        db.updateTable('categories').set({ name_fold: null }).where('id', '=', p.id),
      ),
      rename: database.statement(
        (
          db,
          p: { id: number; name: string; nameKey: string; nameFold: string; archived: number },
        ) =>
          db
            .updateTable('categories')
            .set({
              name: p.name,
              name_key: p.nameKey,
              name_fold: p.nameFold,
              archived: p.archived,
            })
            .where('id', '=', p.id),
      ),
      archive: database.statement((db, p: { id: number; archived: number }) =>
        db.updateTable('categories').set({ archived: p.archived }).where('id', '=', p.id),
      ),
    };
  }

  /** Up to `limit` categories after `afterId`, in ascending id. */
  async page(afterId: number, limit: number): Promise<Category[]> {
    return (await this.database.all(this.statements.page, { afterId, limit })).map(toCategory);
  }

  async find(id: number): Promise<Category | undefined> {
    const row = await this.database.first(this.statements.byId, { id });
    return row && toCategory(row);
  }

  /** The category as the transaction sees it. */
  async findIn(tx: WriteTx, id: number): Promise<Category | undefined> {
    const [row] = await tx.all(this.statements.byId, { id });
    return row && toCategory(row);
  }

  /**
   * The ids of the categories whose name is this one as names are compared (`categoryNameKey`), as
   * the transaction sees them: the one with the key, and any without a key whose name has it.
   */
  async withName(tx: WriteTx, name: string): Promise<number[]> {
    const nameFold = categoryNameKey(name);
    return (await tx.all(this.statements.byName, { nameFold }))
      .filter((row) => (row.name_fold ?? categoryNameKey(row.name)) === nameFold)
      .map((row) => row.id);
  }

  /**
   * Whether the category exists and is archived (`undefined`: no such category), its row held
   * until the transaction ends so that it is not archived before a pet put in it commits.
   */
  async hold(tx: WriteTx, id: number): Promise<{ archived: boolean } | undefined> {
    const [row] = await tx.all(this.statements.held, { id });
    return row && { archived: row.archived === true || row.archived === 1 };
  }

  async insert(tx: WriteTx, name: string, createdAt: number): Promise<number> {
    const [row] = await tx.all(this.statements.insert, {
      name,
      nameKey: lowerCaseKey(name),
      nameFold: categoryNameKey(name),
      createdAt,
    });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  /**
   * Writes the category's name and whether it is archived; its keys only when `renamed`, so that an
   * archive never meets the unique index.
   */
  async update(
    tx: WriteTx,
    category: Pick<Category, 'id' | 'name' | 'archived'>,
    renamed: boolean,
  ): Promise<void> {
    const { id } = category;
    const archived = category.archived ? 1 : 0;
    if (!renamed) {
      await tx.run(this.statements.archive, { id, archived });
      return;
    }
    await tx.run(this.statements.clearFold, { id });
    await tx.run(this.statements.rename, {
      id,
      name: category.name,
      nameKey: lowerCaseKey(category.name),
      nameFold: categoryNameKey(category.name),
      archived,
    });
  }
}
