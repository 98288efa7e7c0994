/**
 * What can be done with pets: list them by page and filters, create them once per Idempotency-Key,
 * change and remove them under the rules of status and owner, each change audited.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  GET_PET_SUNSET_AT,
  type ListPetsQuery,
  moveAllowed,
  MOVES_WITH_ORDER,
  type NewPet,
  type Pet,
  type PetPatch,
  PROBLEMS,
  transitionIssue,
} from '@pets/contract';
import { actorOf, AuditRepository, type Changes } from '../audit/audit.repository.js';
import { ApiException } from '../errors/api-exception.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { invalidCursor, type Page, pageOf } from '../paging/paging.js';
import type { Principal } from '../gate/principal.js';
import { type WriteTx, Writer } from '../database/writer.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { OrdersRepository } from '../orders/orders.repository.js';
import { CategoriesService } from '../categories/categories.service.js';
import {
  Cursors,
  decodeCursor,
  encodeCursor,
  nameDigest,
  type PetFilters,
} from '../paging/cursor.js';
import { type KeyedPet, type ListFilters, PetsRepository } from './pets.repository.js';
import { KeptMemo } from '../paging/kept-memo.js';
import { PhotoFiles } from '../photos/photo-files.js';
import { PhotosRepository } from '../photos/photos.repository.js';

const petNotFound = () => ApiException.of(PROBLEMS.petNotFound);

/** Rows read at a time for the CSV export: few statements, little memory. */
export const EXPORT_PAGE_SIZE = 500;

/** `owner=me` resolved to the caller: its account's pets, and for staff also those with no owner. */
const ownedBy = (principal: Principal, owner: ListPetsQuery['owner']) =>
  owner === undefined
    ? undefined
    : { accountId: principal.accountId, staff: principal.role === 'staff' };

/** How many times a change is tried again after another change to the pet got in first. */
const RACE_RETRIES = 5;

/** `{ field: [before, after] }` for the fields that differ. */
function changesBetween(before: Partial<Pet>, after: Partial<Pet>): Changes {
  const changes: Record<string, readonly [unknown, unknown]> = {};
  for (const field of ['name', 'categoryId', 'status'] as const)
    if (before[field] !== after[field])
      changes[field] = [before[field] ?? null, after[field] ?? null];
  return changes;
}

@Injectable()
export class PetsService {
  /** The page last made of each kept read's rows, and the query it was made for. */
  private readonly keptPages = new KeptMemo<readonly Pet[], { key: string; page: Page<Pet> }>();

  constructor(
    private readonly pets: PetsRepository,
    private readonly idempotency: IdempotencyService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    private readonly categories: CategoriesService,
    private readonly orders: OrdersRepository,
    private readonly photos: PhotosRepository,
    private readonly files: PhotoFiles,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** getPet answers `410 gone` from its sunset instant on. */
  assertGetPetAvailable(): void {
    if (this.clock.now() >= GET_PET_SUNSET_AT.getTime()) {
      throw ApiException.of(PROBLEMS.getPetGone);
    }
  }

  /**
   * A page of pets. `owner=me` is resolved to the caller: a partner's own pets, or for staff, its
   * own and those with no owner (staff's, docs/partners/pets.md).
   */
  async list(
    principal: Principal,
    { limit, status, categoryId, name, owner, q, sort, cursor, expand }: ListPetsQuery,
  ): Promise<Page<Pet>> {
    const filters: PetFilters = { status, categoryId, name, owner, q, sort };
    let afterId = 0;
    let afterKey = '';
    let namedBelow: number | undefined;
    if (cursor !== undefined) {
      const position = decodeCursor(this.cursors, cursor);
      if (!position) throw invalidCursor('is not a valid cursor');
      if (position.status !== status) throw invalidCursor('belongs to a different status filter');
      if (
        position.categoryId !== categoryId ||
        position.nameDigest !== nameDigest(name) ||
        position.owner !== owner ||
        position.qDigest !== nameDigest(q)
      )
        throw invalidCursor('belongs to different filters');
      if (position.sort !== (sort ?? 'id')) throw invalidCursor('belongs to a different sort');
      afterId = position.afterId;
      afterKey = position.afterKey;
      namedBelow = position.namedBelow;
    }
    // One row more than asked says whether another page follows.
    const keyed = await this.pets.list(
      { ...filters, owner: ownedBy(principal, owner) },
      limit + 1,
      afterId,
      afterKey,
      namedBelow,
    );
    // In name order each row has its name key, for the cursor: the answer has a pet's fields only.
    // A walk's first page gives the walk its bound; a cursor made before walks had one keeps none.
    const byName = sort === 'name' || sort === '-name';
    const rows = byName ? this.withoutKeys(keyed) : keyed;
    const walkBound = cursor === undefined ? keyed[0]?.namedBelow : namedBelow;
    // Kept rows (the same array while the database is unchanged) make the same page: its items
    // and its signed cursor are made once. The name (after its length) and q come last: the other
    // values hold no `|`.
    const cursorAfter = (last: Pet) =>
      encodeCursor(this.cursors, {
        afterId: last.id,
        afterKey: byName ? (keyed[rows.indexOf(last)]?.nameKey ?? '') : '',
        namedBelow: byName ? walkBound : undefined,
        ...filters,
      });
    if (!this.pets.keepsReads) return pageOf(rows, limit, cursorAfter);
    // `expand` too: the page's Link (kept with it) names it.
    const key = `${limit}|${status}|${categoryId}|${owner}|${sort}|${expand?.join(',')}|${name?.length}|${name}|${q}`;
    const kept = this.keptPages.get(keyed);
    if (kept?.key === key) return kept.page;
    const page: Page<Pet> = { ...pageOf(rows, limit, cursorAfter), kept: true };
    this.keptPages.set(keyed, { key, page });
    return page;
  }

  /** The pets of a page read in name order, without their name keys. */
  private withoutKeys(rows: readonly KeyedPet[]): Pet[] {
    return rows.map(({ id, name, categoryId, status }) => ({ id, name, categoryId, status }));
  }

  /**
   * Every pet that matches the filters and `q` (not `limit` or `cursor`), in the order `sort` asks
   * for, as pages of {@link EXPORT_PAGE_SIZE} read one after another through the list's own
   * statements: what the CSV export streams. On PostgreSQL it ends at the first pet not yet
   * listed, as a list does.
   */
  async *everyMatching(
    principal: Principal,
    { status, categoryId, name, owner, q, sort }: ListPetsQuery,
  ): AsyncGenerator<readonly Pet[], void, undefined> {
    const filters: ListFilters = {
      status,
      categoryId,
      name,
      owner: ownedBy(principal, owner),
      q,
      sort,
    };
    const byName = sort === 'name' || sort === '-name';
    // In name order the export is one walk: after its first read it leaves out pets renamed since,
    // so no pet is written twice (docs/team/guarantees.md).
    let namedBelow: number | undefined;
    for (let afterId = 0, afterKey = ''; ;) {
      const keyed = await this.pets.list(filters, EXPORT_PAGE_SIZE, afterId, afterKey, namedBelow);
      yield byName ? this.withoutKeys(keyed) : keyed;
      const last = keyed.at(-1);
      if (keyed.length < EXPORT_PAGE_SIZE || last === undefined) return;
      afterId = last.id;
      afterKey = byName ? (last.nameKey ?? '') : '';
      namedBelow ??= byName ? keyed[0]?.namedBelow : undefined;
    }
  }

  get(id: number): Promise<Pet | undefined> {
    return this.pets.findById(id);
  }

  /**
   * Creates a pet owned by the caller's account, once per `Idempotency-Key`: the same request again
   * gets the first pet. Requests are compared after normalisation (trimmed name, default status).
   * Its category must exist and be in use, checked in the transaction that inserts it.
   */
  create(principal: Principal, pet: NewPet, idempotencyKey: string | undefined): Promise<Pet> {
    return this.idempotency.once(
      principal.accountId,
      idempotencyKey,
      [pet.name, pet.categoryId, pet.status],
      async (tx) => {
        const now = this.clock.now();
        // The category's check and the insert: one round trip on PostgreSQL.
        const { category, created } = await this.pets.insert(pet, now, principal.accountId, tx);
        this.categories.assertHeldUsable(category);
        if (!created) throw new Error('A pet in a category in use was not inserted');
        await this.audit.record(tx, now, {
          actor: actorOf(principal),
          action: 'pet.created',
          target: { type: 'pet', id: created.id },
          changes: changesBetween({}, created),
          data: created,
        });
        return created;
      },
    );
  }

  /**
   * Applies a merge patch, checked and written in one transaction. The write happens only if the
   * pet still has the status the checks saw; if another change got in first, the pet is read and
   * checked again, so a move is never made from a status the pet no longer has. A pet moved to
   * another category is moved only to one in use. The status of a pet with an open order moves
   * only with the order: the pet's row is held (`lockRow`, as placing an order holds it), so an
   * order placed at the same moment commits either before this check or after this change.
   * `keep` runs in the same transaction, once the change is made (a batch records its item there).
   */
  async update(
    principal: Principal,
    id: number,
    patch: PetPatch,
    keep?: (tx: WriteTx, pet: Pet) => Promise<void>,
  ): Promise<Pet> {
    for (let attempt = 0; ; attempt++) {
      const outcome = await this.writer.transaction(async (tx) => {
        await tx.lockRow('pets', id);
        const current = await this.pets.findOwned(id, tx);
        if (!current) throw petNotFound();
        if (principal.role !== 'staff' && current.ownerAccountId !== principal.accountId)
          throw ApiException.of(PROBLEMS.notYourPet);
        const { ownerAccountId: _owner, ...before } = current;
        const after: Pet = { ...before, ...patch };
        // A pet moved to another category: it must be in use. One it stays in is not checked.
        if (after.categoryId !== before.categoryId)
          await this.categories.assertUsable(tx, after.categoryId);
        if (after.status !== before.status && (await this.orders.hasOpenOrder(tx, id)))
          throw ApiException.of(PROBLEMS.petStatusMovesWithOrder, [
            { field: 'status', issue: MOVES_WITH_ORDER },
          ]);
        if (!moveAllowed(before.status, after.status, principal.role)) {
          const staffOnly = moveAllowed(before.status, after.status, 'staff');
          throw ApiException.of(
            PROBLEMS.invalidTransition(before.status, after.status, staffOnly),
            [{ field: 'status', issue: transitionIssue(before.status, after.status, staffOnly) }],
          );
        }
        const changes = changesBetween(before, after);
        if (Object.keys(changes).length > 0) {
          if (!(await this.pets.update(after, before.status, tx))) return undefined;
          await this.audit.record(tx, this.clock.now(), {
            actor: actorOf(principal),
            action: 'pet.updated',
            target: { type: 'pet', id },
            changes,
            data: after,
          });
        }
        await keep?.(tx, after);
        return after;
      });
      if (outcome) return outcome;
      // Another change to the pet committed between our read and our write: read it again.
      // Stryker disable next-line all: a bound for a loop that ends on the next read in practice.
      if (attempt >= RACE_RETRIES) throw new Error(`pet ${id} kept changing under an update`);
    }
  }

  /**
   * Removes a pet (staff only, by the route): gone from every read, its row kept. Not while it has
   * an open order (its row held, as for a change). `keep` runs in the same transaction.
   */
  async remove(
    principal: Principal,
    id: number,
    keep?: (tx: WriteTx) => Promise<void>,
  ): Promise<void> {
    const photos = await this.writer.transaction(async (tx) => {
      await tx.lockRow('pets', id);
      const current = await this.pets.findOwned(id, tx);
      if (current && (await this.orders.hasOpenOrder(tx, id)))
        throw ApiException.of(PROBLEMS.petHasOpenOrder);
      const now = this.clock.now();
      if (!current || !(await this.pets.remove(id, now, tx))) throw petNotFound();
      // Endings end everything: its photos stop being served (here at once, elsewhere within 5 s).
      const keys = await this.photos.removeAllOf(tx, id, now);
      const { ownerAccountId: _owner, ...before } = current;
      await this.audit.record(tx, now, {
        actor: actorOf(principal),
        action: 'pet.deleted',
        target: { type: 'pet', id },
        changes: changesBetween(before, {}),
        data: before,
      });
      await keep?.(tx);
      return keys;
    });
    for (const key of photos) this.files.forget(key);
  }
}
