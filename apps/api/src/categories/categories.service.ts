/**
 * What can be done with categories (docs/partners/categories.md): list them by page, create them once per
 * Idempotency-Key, rename, archive and restore them, each change audited; and the check that a
 * pet is put only in a category in use.
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  ARCHIVED_CATEGORY,
  type Category,
  type CategoryPatch,
  describeDetails,
  type ListKeysQuery,
  type NewCategory,
  NO_SUCH_CATEGORY,
  PROBLEMS,
} from '@pets/contract';
import { actorOf, AuditRepository } from '../audit/audit.repository.js';
import { ApiException } from '../errors/api-exception.js';
import { CLOCK, type Clock } from '../config/clock.js';
import { Cursors } from '../paging/cursor.js';
import { isUniqueViolation } from '../errors/database-errors.js';
import { type Page, scopedPage } from '../paging/paging.js';
import type { Principal } from '../gate/principal.js';
import { Writer, type WriteTx } from '../database/writer.js';
import { IdempotencyService } from '../idempotency/idempotency.service.js';
import { CategoriesRepository } from './categories.repository.js';

const notFound = () => ApiException.of(PROBLEMS.categoryNotFound);
const nameTaken = () => ApiException.of(PROBLEMS.categoryNameTaken);

/** `400 invalid_body` on a pet's `categoryId`, worded as every other body problem. */
function refusedCategory(issue: string): ApiException {
  const details = [{ field: 'categoryId', issue }];
  return ApiException.of(PROBLEMS.invalidBody(describeDetails(details)), details);
}

/**
 * Two creates or renames to one name at once: a unique index (`name_fold`, or `name_key` the
 * previous release also keeps) refuses the second.
 */
async function nameUnique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

@Injectable()
export class CategoriesService {
  constructor(
    private readonly categories: CategoriesRepository,
    private readonly idempotency: IdempotencyService,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** A page of categories, archived ones included, in ascending id. */
  page(query: ListKeysQuery): Promise<Page<Category>> {
    return scopedPage(this.cursors, { kind: 'c1', scope: '' }, query, (afterId, take) =>
      this.categories.page(afterId ?? 0, take),
    );
  }

  /** The category (`404` for none). */
  async get(id: number): Promise<Category> {
    const category = await this.categories.find(id);
    if (!category) throw notFound();
    return category;
  }

  /**
   * Creates a category in use, once per `Idempotency-Key`: the same request again gets the first
   * answer. Requests are compared by the operation and the name as stored (trimmed).
   */
  create(
    principal: Principal,
    { name }: NewCategory,
    idempotencyKey: string | undefined,
  ): Promise<Category> {
    return nameUnique(() =>
      this.idempotency.once(
        principal.accountId,
        idempotencyKey,
        ['createCategory', name],
        async (tx) => {
          if ((await this.categories.withName(tx, name)).length > 0) throw nameTaken();
          const now = this.clock.now();
          const id = await this.categories.insert(tx, name, now);
          await this.audit.record(tx, now, {
            actor: actorOf(principal),
            action: 'category.created',
            target: { type: 'category', id },
            changes: { name: [null, name], archived: [null, false] },
            data: { id, name, archived: false, petCount: 0 },
          });
          return { id, name, archived: false, petCount: 0 };
        },
      ),
    );
  }

  /**
   * Applies a merge patch of the name and whether it is archived, in one transaction: a rename and
   * an archive or restore are each recorded; what the category already has changes nothing.
   */
  update(principal: Principal, id: number, patch: CategoryPatch): Promise<Category> {
    return nameUnique(() =>
      this.writer.transaction(async (tx) => {
        await tx.lockRow('categories', id);
        const before = await this.categories.findIn(tx, id);
        if (!before) throw notFound();
        const after: Category = { ...before, ...patch };
        const renamed = after.name !== before.name;
        const archiving = after.archived !== before.archived;
        if (!renamed && !archiving) return before;
        if (renamed) {
          const holders = await this.categories.withName(tx, after.name);
          if (holders.some((holder) => holder !== id)) throw nameTaken();
        }
        await this.categories.update(tx, after, renamed);
        const now = this.clock.now();
        const actor = actorOf(principal);
        const target = { type: 'category', id } as const;
        if (renamed)
          await this.audit.record(tx, now, {
            actor,
            action: 'category.renamed',
            target,
            changes: { name: [before.name, after.name] },
            data: after,
          });
        if (archiving)
          await this.audit.record(tx, now, {
            actor,
            action: after.archived ? 'category.archived' : 'category.restored',
            target,
            changes: { archived: [before.archived, after.archived] },
            data: after,
          });
        return after;
      }),
    );
  }

  /**
   * Within a pet's write transaction: the category it is put in must exist and be in use
   * (`400 invalid_body` on `categoryId` otherwise). Its row is held until the transaction ends, so
   * an archive commits either before this check (and the pet is refused) or after the pet.
   */
  async assertUsable(tx: WriteTx, categoryId: number): Promise<void> {
    this.assertHeldUsable(await this.categories.hold(tx, categoryId));
  }

  /**
   * The same check on a category its caller's transaction already holds, as a new pet's insert
   * reads it (`undefined`: no such category).
   */
  assertHeldUsable(category: { archived: boolean } | undefined): void {
    if (!category) throw refusedCategory(NO_SUCH_CATEGORY);
    if (category.archived) throw refusedCategory(ARCHIVED_CATEGORY);
  }
}
