/**
 * Reads and writes the pets table: keyset pages in each order for every combination of the list's
 * filters and search.
 */
import { Injectable } from '@nestjs/common';
import {
  type ListPetsSort,
  NAME_MAX_LENGTH,
  type NewPet,
  type Pet,
  type PetStatus,
  SEARCH_START_MAX,
  searchText,
  searchWords,
} from '@pets/contract';
import { type RawBuilder, sql } from 'kysely';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { Engine, Statement } from '../database/statement.js';
import type { WriteTx } from '../database/writer.js';
import type { PetFilters } from '../paging/cursor.js';

const PET = ['id', 'name', 'category_id as categoryId', 'status'] as const;

/** A new pet's row, with its keys. */
type Inserted = NewPet & { createdAt: number; owner: number; nameKey: string; searchText: string };

/**
 * What inserting a pet gave: its category as the transaction holds it (`undefined`: none), and the
 * pet, inserted only when that category is in use.
 */
export interface Placed {
  category: { archived: boolean } | undefined;
  created?: Pet;
}

/** The columns a new pet's insert writes. */
const COLUMNS = [
  'name',
  'name_key',
  'search_text',
  'category_id',
  'status',
  'created_at',
  'owner_account_id',
] as const;

/** `archived` as each engine stores it: a boolean on PostgreSQL, 0 or 1 on SQLite. */
const isArchived = (archived: boolean | number): boolean => archived === true || archived === 1;

/**
 * The insert of a pet with its category's check, one statement on each engine. PostgreSQL: a
 * data-modifying `WITH` that holds the category's row (`FOR SHARE`) and inserts only when it is
 * in use: one round trip, not two. SQLite: `INSERT … SELECT` from the category's row (its writer
 * holds every row already, `BEGIN IMMEDIATE`), the category read again only when nothing was
 * inserted, to say why.
 */
function insertInCategory(database: Database): {
  statement: Statement<Inserted, { id: number | null }>;
  run: (tx: WriteTx, p: Inserted) => Promise<Placed>;
} {
  if (database.engine === 'postgres') {
    const both = database.statement((db, p: Inserted) =>
      db
        .with('category', (db) =>
          db
            .selectFrom('categories')
            .select(['id', 'archived'])
            .where('id', '=', p.categoryId)
            .forShare(),
        )
        .with('inserted', (db) =>
          db
            .insertInto('pets')
            .columns(COLUMNS)
            .expression((eb) =>
              eb
                .selectFrom('category')
                .select([
                  sql<string>`${p.name}::text`.as('name'),
                  sql<string>`${p.nameKey}::text`.as('name_key'),
                  sql<string>`${p.searchText}::text`.as('search_text'),
                  'category.id',
                  sql<PetStatus>`${p.status}::text`.as('status'),
                  sql<number>`${p.createdAt}::bigint`.as('created_at'),
                  sql<number>`${p.owner}::bigint`.as('owner_account_id'),
                ])
                .where('category.archived', '=', false),
            )
            .returning(PET),
        )
        // One row when the category exists, with the pet when it was inserted.
        .selectFrom('category')
        .leftJoin('inserted', (join) => join.onTrue())
        .select([
          'category.archived',
          'inserted.id',
          'inserted.name',
          'inserted.categoryId',
          'inserted.status',
        ]),
    );
    const run = async (tx: WriteTx, p: Inserted): Promise<Placed> => {
      const [row] = await tx.all(both, p);
      if (!row) return { category: undefined };
      const category = { archived: isArchived(row.archived) };
      if (category.archived) return { category };
      const { id, name, categoryId, status } = row;
      if (id === null || name === null || categoryId === null || status === null)
        throw new Error('INSERT … RETURNING gave no row');
      return { category, created: { id, name, categoryId, status } };
    };
    return { statement: both, run };
  }
  // SQLite: the insert takes the pet's category from its row, only from one in use; when it
  // inserts nothing, the category is read to say why. One statement's work per create where there
  // were two. Its writer holds every row already (`BEGIN IMMEDIATE`).
  const inUse = database.statement((db, p: Inserted) =>
    db
      .insertInto('pets')
      .columns(COLUMNS)
      .expression((eb) =>
        eb
          .selectFrom('categories')
          .select([
            eb.val(p.name).as('name'),
            eb.val(p.nameKey).as('name_key'),
            eb.val(p.searchText).as('search_text'),
            'categories.id',
            eb.val(p.status).as('status'),
            eb.val(p.createdAt).as('created_at'),
            eb.val(p.owner).as('owner_account_id'),
          ])
          .where('categories.id', '=', p.categoryId)
          .where('categories.archived', '=', 0),
      )
      .returning(PET),
  );
  const held = database.statement((db, p: { categoryId: number }) =>
    db.selectFrom('categories').select('archived').where('id', '=', p.categoryId),
  );
  const run = async (tx: WriteTx, p: Inserted): Promise<Placed> => {
    const [created] = await tx.all(inUse, p);
    if (created) return { category: { archived: false }, created };
    const [row] = await tx.all(held, p);
    return { category: row && { archived: isArchived(row.archived) } };
  };
  return { statement: inUse, run };
}

/** A pet with who created it (`null`: made before that was recorded, so staff's). */
export interface OwnedPet extends Pet {
  ownerAccountId: number | null;
}

/** The name as prefix search compares it: lower case, the same on both engines. */
export const nameKey = (name: string): string => name.toLowerCase();

/**
 * The first string after every string that starts with `prefix`, in the byte order both engines
 * compare `name_key` in (SQLite's BINARY, PostgreSQL's "C"): a prefix search is the range
 * `[prefix, prefixEnd(prefix))`, which an index serves.
 */
const prefixEnd = (prefix: string): string => `${prefix}\u{10FFFF}`;

/**
 * Past every `name_key` in that byte order: a name of NAME_MAX_LENGTH characters lower-cases to at
 * most three times as many, none past U+10FFFF. Where a page in descending name starts.
 */
const AFTER_EVERY_NAME = '\u{10FFFF}'.repeat(3 * NAME_MAX_LENGTH + 1);

/** How a search (`q`) is asked of each engine's index (PetSearch1795306700000). */
export interface SearchTerms {
  /** SQLite: an FTS5 query of the trigram index, a phrase a word (`"  jr" AND "cuit"`). */
  match: string;
  /** PostgreSQL: the grams every match has (`'^jr' & 'cui' & 'uit'`), found by the GIN index. */
  grams: string;
  /** PostgreSQL: what confirms each word in `search_text` (`%  jr%`, `%cuit%`). */
  patterns: string[];
}

/**
 * The terms of a query. A short word (SEARCH_START_MAX or fewer characters) is the start of a word
 * of the name: two spaces and the word in `search_text`; a longer word is itself, anywhere. Words
 * hold only letters, digits and marks, so none needs quoting in FTS5, tsquery or LIKE.
 */
export function searchTerms(q: string): SearchTerms {
  const phrases: string[] = [];
  const grams = new Set<string>();
  for (const word of new Set(searchWords(q))) {
    const characters = Array.from(word);
    if (characters.length <= SEARCH_START_MAX) {
      phrases.push(`  ${word}`);
      grams.add(`^${word}`);
    } else {
      phrases.push(word);
      for (let i = 0; i + 3 <= characters.length; i++)
        grams.add(characters.slice(i, i + 3).join(''));
    }
  }
  return {
    match: phrases.map((phrase) => `"${phrase}"`).join(' AND '),
    grams: [...grams].map((gram) => `'${gram}'`).join(' & '),
    patterns: phrases.map((phrase) => `%${phrase}%`),
  };
}

/**
 * The first `named_at` a rename after this statement's snapshot can have (PetRenames1795306900000):
 * on PostgreSQL `listedBelow`, above every transaction still in flight; on SQLite one more than the
 * highest there is. A walk in name order reads it with its first page and leaves out of the later
 * pages every pet at or above it.
 */
function renamedFrom(engine: Engine): RawBuilder<number> {
  return listedBelow(engine) ?? sql<number>`coalesce((SELECT max(named_at) FROM pets), 0) + 1`;
}

/** The terms of a list without `q` (its statement takes none of them). */
const NO_TERMS: SearchTerms = { match: '', grams: '', patterns: [] };

/** Whose pets a list holds: one account's, and with `staff` also those with no owner (staff's). */
interface OwnerFilter {
  accountId: number;
  staff: boolean;
}

/** The filters of a list, with `owner=me` resolved to the caller, its search and its order. */
export interface ListFilters extends Omit<PetFilters, 'owner' | 'sort'> {
  owner?: OwnerFilter | undefined;
  sort?: ListPetsSort | undefined;
}

/**
 * A pet of a page in name order, with the key the next page starts after and the bound the walk
 * leaves renamed pets out by ({@link renamedFrom}), as of the page's snapshot.
 */
export interface KeyedPet extends Pet {
  nameKey?: string;
  namedBelow?: number;
}

/** Later than every rename: a first page in name order leaves out no renamed pet. */
export const ANY_RENAME = Number.MAX_SAFE_INTEGER;

/**
 * `owner`: one account's pets; `ownerOrStaff`: its pets and those with no owner; `q`: those the
 * search finds.
 */
type Filter = 'status' | 'categoryId' | 'name' | 'owner' | 'ownerOrStaff' | 'q';

interface PageParameters {
  status: PetStatus;
  categoryId: number;
  nameFrom: string;
  nameTo: string;
  owner: number;
  afterId: number;
  afterKey: string;
  namedBelow: number;
  match: string;
  grams: string;
  patterns: string[];
  limit: number;
}

/**
 * The pets table. Reads are keyset pages on `id` or on `(name_key, id)`, either way, one statement
 * per combination of filters and order, each served by an index (`pets_status_id`,
 * `pets_category_id`, `pets_status_category_id`, `pets_name_key`, `pets_owner_account_id`,
 * `pets_unowned`, and `pets_search` for `q`); removed pets are never read. On PostgreSQL a page
 * ends before the first pet not yet listed (`listedBelow`), so a client following `Link` in id
 * order never pages past a pet that commits later. In name order the pages after the first leave
 * out pets renamed since the first (`named_at` at or above its bound), so none is shown twice.
 */
@Injectable()
export class PetsRepository {
  /** The statements (public so tests can check their query plans). */
  readonly statements;
  private readonly pages = new Map<string, ReturnType<PetsRepository['page']>>();

  /** Whether pages read here are kept between requests (see `Database.keepsReads`). */
  get keepsReads(): boolean {
    return this.database.keepsReads;
  }

  /** The pet's insert with its category's check (`insert`), as the engine does it best. */
  private readonly insertInCategory: (tx: WriteTx, p: Inserted) => Promise<Placed>;

  constructor(private readonly database: Database) {
    const placing = insertInCategory(database);
    this.statements = {
      byId: database.statement((db, p: { id: number }) =>
        db.selectFrom('pets').select(PET).where('id', '=', p.id).where('deleted_at', 'is', null),
      ),
      owned: database.statement((db, p: { id: number }) =>
        db
          .selectFrom('pets')
          .select([...PET, 'owner_account_id as ownerAccountId'])
          .where('id', '=', p.id)
          .where('deleted_at', 'is', null),
      ),
      // A new pet, in a category in use (`insert`): on PostgreSQL its one row says too whether
      // the category exists and is archived.
      insert: placing.statement,
      // Applied only if the pet still has the status it was read with: a move is never made from a
      // status the pet no longer has, even when two changes race.
      update: database.statement(
        (db, p: Pet & { nameKey: string; searchText: string; from: PetStatus }) =>
          db
            .updateTable('pets')
            .set({
              name: p.name,
              name_key: p.nameKey,
              search_text: p.searchText,
              category_id: p.categoryId,
              status: p.status,
            })
            .where('id', '=', p.id)
            .where('status', '=', p.from)
            .where('deleted_at', 'is', null),
      ),
      remove: database.statement((db, p: { id: number; at: number }) =>
        db
          .updateTable('pets')
          .set({ deleted_at: p.at })
          .where('id', '=', p.id)
          .where('deleted_at', 'is', null),
      ),
    };
    this.insertInCategory = placing.run;
  }

  /**
   * Up to `limit` pets that match the filters, in their order, after the pet `afterId` (whose
   * `name_key` is `afterKey` in name order); `afterId` 0 starts at the beginning. In name order
   * only pets last renamed below `namedBelow`, and each pet has its `nameKey` and the bound of a
   * walk that starts with this page (`namedBelow`).
   */
  list(
    filters: ListFilters,
    limit: number,
    afterId: number,
    afterKey = '',
    namedBelow = ANY_RENAME,
  ): Promise<KeyedPet[]> {
    const { owner, q } = filters;
    const sort = filters.sort ?? 'id';
    const used: Filter[] = (['status', 'categoryId', 'name', 'q'] as const).filter(
      (name) => filters[name] !== undefined,
    );
    if (owner) used.push(owner.staff ? 'ownerOrStaff' : 'owner');
    const key = `${sort}:${used.join(',')}`;
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.page(used, sort);
      this.pages.set(key, statement);
    }
    const prefix = nameKey(filters.name ?? '');
    const descending = sort.startsWith('-');
    const start = afterId === 0;
    const terms = q === undefined ? NO_TERMS : searchTerms(q);
    // PostgreSQL keeps a page under a version set after a write is listed, so a kept page may be
    // older than the first page of its walk: a later page in name order is read in a snapshot of
    // its own, after the first (SQLite keeps a read only while nothing has been committed).
    const read =
      namedBelow !== ANY_RENAME && this.database.engine === 'postgres'
        ? this.database.all.bind(this.database)
        : this.database.allKept.bind(this.database);
    return read(statement, {
      status: filters.status ?? 'available',
      categoryId: filters.categoryId ?? 0,
      nameFrom: prefix,
      nameTo: prefixEnd(prefix),
      owner: owner?.accountId ?? 0,
      afterId: start && descending ? Number.MAX_SAFE_INTEGER : afterId,
      afterKey: start && descending ? AFTER_EVERY_NAME : afterKey,
      namedBelow,
      ...terms,
      limit,
    });
  }

  /**
   * The statement of one combination of filters in one order (public so tests can check its
   * plan).
   */
  page(used: readonly Filter[], sort: ListPetsSort = 'id') {
    const listed = listedBelow(this.database.engine);
    const { engine } = this.database;
    const byName = sort === 'name' || sort === '-name';
    const direction = sort.startsWith('-') ? 'desc' : 'asc';
    const after = direction === 'asc' ? '>' : '<';
    const bound = renamedFrom(engine);
    return this.database.statement((db, p: PageParameters) => {
      // PostgreSQL: a search reads the pets its index finds, behind a fence (`OFFSET 0`) so the
      // planner cannot walk another index (the primary key, in the hope of meeting `limit`
      // matches soon) past every pet instead; the filters and the order apply to what it found.
      const source =
        engine === 'postgres' && used.includes('q')
          ? db
              .selectFrom('pets')
              .selectAll()
              .where(sql<boolean>`pets_search_grams(search_text) @@ ${p.grams}::tsquery`)
              .where(sql<boolean>`search_text LIKE ALL (${p.patterns}::text[])`)
              .offset(0)
              .as('pets')
          : 'pets';
      const matching = (owner: 'account' | 'none' | undefined) => {
        let query = db
          .selectFrom(source as 'pets')
          .select(byName ? [...PET, 'name_key as nameKey', bound.as('namedBelow')] : PET)
          .where('deleted_at', 'is', null);
        if (listed) query = query.where('id', '<', listed);
        if (used.includes('status')) query = query.where('status', '=', p.status);
        if (used.includes('categoryId')) query = query.where('category_id', '=', p.categoryId);
        if (used.includes('name'))
          query = query.where('name_key', '>=', p.nameFrom).where('name_key', '<', p.nameTo);
        if (used.includes('q') && engine === 'sqlite')
          query = query.where(
            sql<boolean>`id IN (SELECT rowid FROM pets_search WHERE pets_search MATCH ${p.match})`,
          );
        if (owner === 'account') query = query.where('owner_account_id', '=', p.owner);
        if (owner === 'none') query = query.where('owner_account_id', 'is', null);
        query = byName
          ? query
              .where((eb) =>
                eb(eb.refTuple('name_key', 'id'), after, eb.tuple(p.afterKey, p.afterId)),
              )
              .where('named_at', '<', p.namedBelow)
              .orderBy('name_key', direction)
          : query.where('id', after, p.afterId);
        return query.orderBy('id', direction).limit(p.limit);
      };
      if (!used.includes('ownerOrStaff'))
        return matching(used.includes('owner') ? 'account' : undefined);
      // The account's pets and staff's are each read in order from an index, a page of each, and
      // the two merged, rather than one `OR` that reads and sorts every match.
      const merged = db
        .selectFrom(matching('account').as('owned'))
        .selectAll()
        .unionAll(db.selectFrom(matching('none').as('unowned')).selectAll());
      return (byName ? merged.orderBy('nameKey', direction) : merged)
        .orderBy('id', direction)
        .limit(p.limit);
    });
  }

  findById(id: number): Promise<Pet | undefined> {
    return this.database.first(this.statements.byId, { id });
  }

  /**
   * Inserts within the caller's write transaction, if the pet's category exists and is in use: the
   * category as the transaction holds it (`undefined`: none; its row held until the transaction
   * ends, so it is not archived before the pet commits) and the pet, when inserted.
   */
  insert(pet: NewPet, createdAt: number, owner: number, tx: WriteTx): Promise<Placed> {
    return this.insertInCategory(tx, {
      ...pet,
      createdAt,
      owner,
      nameKey: nameKey(pet.name),
      searchText: searchText(pet.name),
    });
  }

  /** The pet and its owner as the transaction sees it. */
  async findOwned(id: number, tx: WriteTx): Promise<OwnedPet | undefined> {
    return (await tx.all(this.statements.owned, { id }))[0];
  }

  /** Writes `pet` if its status is still `from`; resolves with whether it did. */
  async update(pet: Pet, from: PetStatus, tx: WriteTx): Promise<boolean> {
    return (
      (await tx.run(this.statements.update, {
        ...pet,
        nameKey: nameKey(pet.name),
        searchText: searchText(pet.name),
        from,
      })) === 1
    );
  }

  /** Hides the pet from every read, keeping its row; resolves with whether it was there. */
  async remove(id: number, at: number, tx: WriteTx): Promise<boolean> {
    return (await tx.run(this.statements.remove, { id, at })) === 1;
  }
}
