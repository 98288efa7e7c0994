/**
 * API keys: made (at most ACTIVE_KEYS_MAX live ones an account), listed, revoked and audited, and
 * each request's key checked through a short cache, so a revocation reaches every instance within
 * seconds. Used by the HTTP endpoints and by `npm run keys`.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACTIVE_KEYS_MAX,
  type ApiKey,
  type CreatedApiKey,
  IdParam,
  KeyLabel,
  type KeyMaker,
  type ListKeysQuery,
  PROBLEMS,
} from '@pets/contract';
import { ApiException } from '../../errors/api-exception.js';
import { LRUCache } from 'lru-cache';
import { CLOCK, type Clock } from '../../config/clock.js';
import { Cursors } from '../../paging/cursor.js';
import { type Page, scopedPage } from '../../paging/paging.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { type Actor, AuditRepository } from '../../audit/audit.repository.js';
import { Writer } from '../../database/writer.js';
import { limitsOf } from '../accounts.service.js';
import { type ApiKeyRecord, ApiKeysRepository, type KeyMakerIds } from './api-keys.repository.js';
import type { WriteTx } from '../../database/writer.js';
import { acceptsKey, generateKey, hashKey, keyEnvironmentFor } from './api-key-format.js';
import type { Principal } from '../../gate/principal.js';

/** How long a key lookup (found or not) is trusted; revocation reaches every instance within this. */
export const KEY_CACHE_TTL_MS = 4_000;
const KEY_CACHE_MAX = 50_000;
/** `last_used_at` is coarse: written at most this often per key, never on the request's path. */
const LAST_USED_RESOLUTION_MS = 60 * 60 * 1_000;

export type ApiKeyView = ApiKey;

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/** Who made a key, as the API shows it (both makers null: the command-line tool, or not recorded). */
const makerOf = (key: ApiKeyRecord): KeyMaker => {
  if (key.createdByPersonId !== null)
    return { type: 'person', personId: key.createdByPersonId, name: key.createdByName ?? '' };
  if (key.createdByKeyId !== null) return { type: 'key', keyId: key.createdByKeyId };
  return { type: 'cli' };
};

export const keyMakerIds = (actor: Actor): KeyMakerIds => ({
  createdByPersonId: typeof actor !== 'string' && 'personId' in actor ? actor.personId : null,
  createdByKeyId: typeof actor !== 'string' && 'keyId' in actor ? actor.keyId : null,
});

export const toApiKeyView = (key: ApiKeyRecord): ApiKeyView => ({
  id: key.id,
  accountId: key.accountId,
  label: key.label,
  prefix: key.prefix,
  createdAt: new Date(key.createdAt).toISOString(),
  lastUsedAt: iso(key.lastUsedAt),
  revokedAt: iso(key.revokedAt),
  createdBy: makerOf(key),
});

/** A key's principal: a key called, so `keyId` is set and no session. */
type KeyPrincipal = Principal & { readonly keyId: number; readonly session: null };

interface CachedLookup {
  principal: KeyPrincipal | null;
  lastUsedAt: number | null;
}

@Injectable()
export class ApiKeysService {
  private readonly logger = new Logger(ApiKeysService.name);
  private readonly cache: LRUCache<string, CachedLookup>;
  /** Concurrent first requests with one key share a single lookup. */
  private readonly pending = new Map<string, Promise<CachedLookup>>();
  /** Well formed and of this instance's kind (only live keys in production). */
  private readonly accepted: (key: string) => boolean;

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly writer: Writer,
    private readonly audit: AuditRepository,
    private readonly cursors: Cursors,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.accepted = acceptsKey(config.env);
    this.cache = new LRUCache<string, CachedLookup>({
      max: KEY_CACHE_MAX,
      ttl: KEY_CACHE_TTL_MS,
      // Our clock, read on every check, so tests can step over the lifetime.
      perf: clock,
      ttlResolution: 0,
    });
  }

  /**
   * Makes a key for an account, unless it has {@link ACTIVE_KEYS_MAX} live keys already
   * (`409 too_many_api_keys`). The returned `key` is the only time anyone sees it.
   */
  async create(
    accountId: number,
    label: string,
    actor: Actor,
  ): Promise<{ key: string; apiKey: ApiKeyRecord }> {
    const checkedLabel = KeyLabel.parse(label);
    const generated = generateKey(keyEnvironmentFor(this.config.env));
    const now = this.clock.now();
    const id = await this.writer.transaction(async (tx) => {
      // One create per account at a time, on every instance: the count below stays true until the
      // insert commits, and the account's key ids increase in the order they commit (its list in
      // ascending id never skips one).
      await tx.lockRow('accounts', accountId);
      if ((await this.keys.countLive(tx, accountId)) >= ACTIVE_KEYS_MAX)
        throw ApiException.of(PROBLEMS.tooManyApiKeys);
      const made = await this.keys.insert(tx, {
        accountId,
        label: checkedLabel,
        prefix: generated.prefix,
        hash: generated.hash,
        createdAt: now,
        ...keyMakerIds(actor),
      });
      // The key's account and label; never the key or its hash.
      await this.audit.record(tx, now, {
        actor,
        action: 'key.created',
        target: { type: 'key', id: made },
        changes: { accountId: [null, accountId], label: [null, checkedLabel] },
      });
      return made;
    });
    // No code deletes a key: the one just made is read back, with its maker's name.
    const apiKey = (await this.find(id)) as ApiKeyRecord;
    return { key: generated.key, apiKey };
  }

  list(accountId?: number): Promise<ApiKeyRecord[]> {
    return this.keys.list(accountId);
  }

  find(id: number): Promise<ApiKeyRecord | null> {
    return this.keys.find(id);
  }

  /** Revokes a key: at once on this instance, within {@link KEY_CACHE_TTL_MS} on every other. */
  async revoke(id: number, actor: Actor): Promise<ApiKeyRecord | null> {
    const now = this.clock.now();
    await this.writer.transaction(async (tx) => {
      await tx.lockRow('api_keys', id);
      if (!(await this.keys.revoke(tx, id, now))) return;
      await this.audit.record(tx, now, {
        actor,
        action: 'key.revoked',
        target: { type: 'key', id },
        changes: { revokedAt: [null, new Date(now).toISOString()] },
      });
    });
    const apiKey = await this.find(id);
    if (apiKey) this.cache.delete(apiKey.hash);
    return apiKey;
  }

  /**
   * Revokes, in the caller's transaction, every live key a person made, each recorded as revoked
   * with `cause`; resolves with their hashes, for {@link forget} once it commits.
   */
  async revokeMadeByIn(
    tx: WriteTx,
    personId: number,
    now: number,
    actor: Actor,
    cause: string,
  ): Promise<string[]> {
    const made = await this.keys.liveMadeBy(tx, personId);
    for (const { id } of made) {
      await tx.lockRow('api_keys', id);
      if (!(await this.keys.revoke(tx, id, now))) continue;
      await this.audit.record(tx, now, {
        actor,
        action: 'key.revoked',
        target: { type: 'key', id },
        changes: { revokedAt: [null, new Date(now).toISOString()], cause: [null, cause] },
      });
    }
    return made.map((key) => key.hash);
  }

  /**
   * Drops this instance's lookups of these keys, so their next request reads them again: the same
   * as {@link revoke} does; other instances within {@link KEY_CACHE_TTL_MS}.
   */
  forget(hashes: readonly string[]): void {
    for (const hash of hashes) this.cache.delete(hash);
  }

  /** A page of an account's keys, revoked ones included, in ascending id. */
  async page(accountId: number, query: ListKeysQuery): Promise<Page<ApiKey>> {
    const list = {
      kind: 'k1',
      scope: String(accountId),
      otherScope: "belongs to another account's keys",
    };
    return scopedPage(this.cursors, list, query, async (afterId, take) =>
      (await this.keys.page(accountId, afterId ?? 0, take)).map(toApiKeyView),
    );
  }

  /** An account's live keys, oldest first. */
  live(accountId: number): Promise<ApiKeyRecord[]> {
    return this.keys.live(accountId);
  }

  async createView(accountId: number, label: string, actor: Actor): Promise<CreatedApiKey> {
    const { key, apiKey } = await this.create(accountId, label, actor);
    return { ...toApiKeyView(apiKey), key };
  }

  /** Revokes a key (only one of `ownerAccountId`'s, when given), or `404 not_found`. */
  async revokeView(id: string, actor: Actor, ownerAccountId?: number): Promise<ApiKey> {
    const parsed = IdParam.safeParse(id);
    const apiKey = parsed.success ? await this.find(parsed.data) : null;
    if (!apiKey || (ownerAccountId !== undefined && apiKey.accountId !== ownerAccountId)) {
      throw ApiException.of(PROBLEMS.keyNotFound);
    }
    // No code deletes a key (revoking only sets `revoked_at`), so the key just found is read back.
    const revoked = (await this.revoke(apiKey.id, actor)) as ApiKeyRecord;
    return toApiKeyView(revoked);
  }

  /**
   * The caller a key belongs to, or `null` for a malformed, unknown or revoked key, and in
   * production for a test key.
   */
  async authenticate(key: string): Promise<Principal | null> {
    if (!this.accepted(key)) return null;
    const hash = hashKey(key);
    const lookup = this.cache.get(hash) ?? (await this.lookup(hash));
    if (lookup.principal) this.touch(lookup, lookup.principal.keyId);
    return lookup.principal;
  }

  private lookup(hash: string): Promise<CachedLookup> {
    let pending = this.pending.get(hash);
    if (!pending) {
      pending = this.load(hash).finally(() => this.pending.delete(hash));
      this.pending.set(hash, pending);
    }
    return pending;
  }

  private async load(hash: string): Promise<CachedLookup> {
    const apiKey = await this.keys.findByHash(hash);
    const lookup: CachedLookup =
      !apiKey || apiKey.revokedAt !== null
        ? // Stryker disable next-line ObjectLiteral: `{}` reads as principal undefined, which every caller treats as null (no key); lastUsedAt is read only with a principal.
          { principal: null, lastUsedAt: null }
        : {
            principal: {
              accountId: apiKey.accountId,
              keyId: apiKey.id,
              session: null,
              role: apiKey.role,
              plan: apiKey.plan,
              limits: limitsOf(apiKey),
            },
            lastUsedAt: apiKey.lastUsedAt,
          };
    this.cache.set(hash, lookup);
    return lookup;
  }

  private touch(lookup: CachedLookup, keyId: number): void {
    const now = this.clock.now();
    if (lookup.lastUsedAt !== null && now - lookup.lastUsedAt < LAST_USED_RESOLUTION_MS) return;
    lookup.lastUsedAt = now;
    this.writer
      .transaction((tx) => this.keys.touch(tx, keyId, now))
      .catch((error: unknown) => {
        this.logger.warn(`could not record last use of key ${keyId}: ${String(error)}`);
      });
  }
}
