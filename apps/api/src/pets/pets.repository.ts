/** Reads and writes the pets table: keyset pages for every combination of the list's filters. */
import { Injectable } from '@nestjs/common';
import type { NewPet, Pet, PetStatus } from '@pets/contract';
import { Database } from '../database/database.js';
import { listedBelow } from '../database/list-order.js';
import type { WriteTx } from '../database/writer.js';
import type { PetFilters } from '../paging/cursor.js';

const PET = ['id', 'name', 'category_id as categoryId', 'status'] as const;

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

/** Whose pets a list holds: one account's, and with `staff` also those with no owner (staff's). */
interface OwnerFilter {
  accountId: number;
  staff: boolean;
}

/** The filters of a list, with `owner=me` resolved to the caller. */
export interface ListFilters extends Omit<PetFilters, 'owner'> {
  owner?: OwnerFilter | undefined;
}

/** `owner`: one account's pets; `ownerOrStaff`: its pets and those with no owner. */
type Filter = 'status' | 'categoryId' | 'name' | 'owner' | 'ownerOrStaff';

interface PageParameters {
  status: PetStatus;
  categoryId: number;
  nameFrom: string;
  nameTo: string;
  owner: number;
  afterId: number;
  limit: number;
}

/**
 * The pets table. Reads are keyset pages in ascending id, one statement per combination of
 * filters, each served by an index (`pets_status_id`, `pets_category_id`,
 * `pets_status_category_id`, `pets_name_key`, `pets_owner_account_id`, `pets_unowned`); removed
 * pets are never read. On PostgreSQL a page ends before the first pet not yet listed
 * (`listedBelow`), so a client following `Link` never pages past a pet that commits later.
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

  constructor(private readonly database: Database) {
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
      insert: database.statement(
        (db, p: NewPet & { createdAt: number; owner: number; nameKey: string }) =>
          db
            .insertInto('pets')
            .values({
              name: p.name,
              name_key: p.nameKey,
              category_id: p.categoryId,
              status: p.status,
              created_at: p.createdAt,
              owner_account_id: p.owner,
            })
            .returning(PET),
      ),
      // Applied only if the pet still has the status it was read with: a move is never made from a
      // status the pet no longer has, even when two changes race.
      update: database.statement((db, p: Pet & { nameKey: string; from: PetStatus }) =>
        db
          .updateTable('pets')
          .set({ name: p.name, name_key: p.nameKey, category_id: p.categoryId, status: p.status })
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
  }

  /** Up to `limit` pets after `afterId` in ascending id that match the filters. */
  list(filters: ListFilters, limit: number, afterId: number): Promise<Pet[]> {
    const { owner } = filters;
    const used: Filter[] = (['status', 'categoryId', 'name'] as const).filter(
      (name) => filters[name] !== undefined,
    );
    if (owner) used.push(owner.staff ? 'ownerOrStaff' : 'owner');
    const key = used.join(',');
    let statement = this.pages.get(key);
    if (!statement) {
      statement = this.page(used);
      this.pages.set(key, statement);
    }
    const prefix = nameKey(filters.name ?? '');
    return this.database.allKept(statement, {
      status: filters.status ?? 'available',
      categoryId: filters.categoryId ?? 0,
      nameFrom: prefix,
      nameTo: prefixEnd(prefix),
      owner: owner?.accountId ?? 0,
      afterId,
      limit,
    });
  }

  /** The statement of one combination of filters (public so tests can check its plan). */
  page(used: readonly Filter[]) {
    const listed = listedBelow(this.database.engine);
    return this.database.statement((db, p: PageParameters) => {
      const matching = (owner: 'account' | 'none' | undefined) => {
        let query = db.selectFrom('pets').select(PET).where('deleted_at', 'is', null);
        if (listed) query = query.where('id', '<', listed);
        if (used.includes('status')) query = query.where('status', '=', p.status);
        if (used.includes('categoryId')) query = query.where('category_id', '=', p.categoryId);
        if (used.includes('name'))
          query = query.where('name_key', '>=', p.nameFrom).where('name_key', '<', p.nameTo);
        if (owner === 'account') query = query.where('owner_account_id', '=', p.owner);
        if (owner === 'none') query = query.where('owner_account_id', 'is', null);
        return query.where('id', '>', p.afterId).orderBy('id').limit(p.limit);
      };
      if (!used.includes('ownerOrStaff'))
        return matching(used.includes('owner') ? 'account' : undefined);
      // The account's pets and staff's are each read in id order from an index, a page of each, and
      // the two merged, rather than one `OR` that reads and sorts every match.
      return db
        .selectFrom(matching('account').as('owned'))
        .selectAll()
        .unionAll(db.selectFrom(matching('none').as('unowned')).selectAll())
        .orderBy('id')
        .limit(p.limit);
    });
  }

  findById(id: number): Promise<Pet | undefined> {
    return this.database.first(this.statements.byId, { id });
  }

  /** Inserts within the caller's write transaction. */
  async insert(pet: NewPet, createdAt: number, owner: number, tx: WriteTx): Promise<Pet> {
    const [created] = await tx.all(this.statements.insert, {
      ...pet,
      createdAt,
      owner,
      nameKey: nameKey(pet.name),
    });
    if (!created) throw new Error('INSERT … RETURNING gave no row');
    return created;
  }

  /** The pet and its owner as the transaction sees it. */
  async findOwned(id: number, tx: WriteTx): Promise<OwnedPet | undefined> {
    return (await tx.all(this.statements.owned, { id }))[0];
  }

  /** Writes `pet` if its status is still `from`; resolves with whether it did. */
  async update(pet: Pet, from: PetStatus, tx: WriteTx): Promise<boolean> {
    return (
      (await tx.run(this.statements.update, { ...pet, nameKey: nameKey(pet.name), from })) === 1
    );
  }

  /** Hides the pet from every read, keeping its row; resolves with whether it was there. */
  async remove(id: number, at: number, tx: WriteTx): Promise<boolean> {
    return (await tx.run(this.statements.remove, { id, at })) === 1;
  }
}
