/**
 * The categories table: categories in pages with how many pets each has, found by id or by name
 * (whatever its case), created and changed; and a category held for a pet being put in it.
 */
import { Injectable } from '@nestjs/common';
import type { Category } from '@pets/contract';
import { type ExpressionBuilder, sql } from 'kysely';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';
import type { Tables } from '../database/tables.js';

/**
 * What a category's name is compared by: one form for the same name written in other cases (and
 * other Unicode forms), as people's emails are compared (`emailKey`).
 */
export const categoryNameKey = (name: string): string => name.normalize('NFC').toLowerCase();

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

/** The categories table. */
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
        // On PostgreSQL, only categories below the first not yet listed (README: Lists never skip).
        if (listed) query = query.where('id', '<', listed);
        return query.orderBy('id').limit(p.limit);
      }),
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('categories').select(CATEGORY).where('id', '=', p.id),
      ),
      idByName: database.statement((db, p: { nameKey: string }) =>
        db.selectFrom('categories').select('id').where('name_key', '=', p.nameKey),
      ),
      // PostgreSQL: FOR SHARE, so an archive (an UPDATE of the row) waits until the pet's
      // transaction ends, and a pet's transaction that comes after the archive reads it archived.
      // SQLite writes one transaction at a time: nothing can change the row before the commit.
      held: database.statement((db, p: { id: number }) => {
        const query = db.selectFrom('categories').select('archived').where('id', '=', p.id);
        return postgres ? query.forShare() : query;
      }),
      insert: database.statement((db, p: { name: string; nameKey: string; createdAt: number }) =>
        db
          .insertInto('categories')
          .values({ name: p.name, name_key: p.nameKey, archived: 0, created_at: p.createdAt })
          .returning('id'),
      ),
      update: database.statement(
        (db, p: { id: number; name: string; nameKey: string; archived: number }) =>
          db
            .updateTable('categories')
            .set({ name: p.name, name_key: p.nameKey, archived: p.archived })
            .where('id', '=', p.id),
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

  /** The id of the category with this name (whatever its case), as the transaction sees it. */
  async withName(tx: WriteTx, name: string): Promise<number | undefined> {
    return (await tx.all(this.statements.idByName, { nameKey: categoryNameKey(name) }))[0]?.id;
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
      nameKey: categoryNameKey(name),
      createdAt,
    });
    if (!row) throw new Error('INSERT … RETURNING gave no row');
    return row.id;
  }

  async update(tx: WriteTx, category: Pick<Category, 'id' | 'name' | 'archived'>): Promise<void> {
    await tx.run(this.statements.update, {
      id: category.id,
      name: category.name,
      nameKey: categoryNameKey(category.name),
      archived: category.archived ? 1 : 0,
    });
  }
}
