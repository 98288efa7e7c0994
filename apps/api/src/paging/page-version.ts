/**
 * The version of the data that kept pages are checked against on PostgreSQL, shared by every
 * instance through Redis, so that no page kept by one instance is served after another instance
 * acknowledged a write: set by each write (`bump`), read with each count of the rate limiter
 * (`observe`), as docs/team/guarantees.md#kept-pages tells.
 */
import { randomBytes } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import { describeError } from '../errors/database-errors.js';

export const PAGE_VERSION_KEY = 'pets:page-version';

/** How long a kept page may be served at most, whatever the version says. */
export const KEPT_PAGE_MAX_AGE_MS = 1_000;

/** What setting the version needs of Redis: the rate limiter's connection. */
export interface PageVersionStore {
  set(key: string, value: string, nx?: 'NX'): Promise<unknown>;
}

/** A version never used before: random, so none comes back even when Redis loses its data. */
const newVersion = () => randomBytes(12).toString('base64url');

@Injectable()
export class PageVersion {
  private readonly logger = new Logger('PageVersion');
  private store: PageVersionStore | undefined;
  private latest: string | null = null;

  /** Whether versions are shared (Redis is configured): only then does PostgreSQL keep pages. */
  get shared(): boolean {
    return this.store !== undefined;
  }

  /** Called once by the Redis rate limiter, with its connection. */
  attach(store: PageVersionStore): void {
    this.store = store;
  }

  /**
   * When the connection is ready (at start, and again after Redis came back): a version if Redis
   * holds none (a new Redis, or one that lost its data), so that pages are kept before any write.
   */
  async ensure(): Promise<void> {
    await this.store?.set(PAGE_VERSION_KEY, newVersion(), 'NX').catch(() => undefined);
  }

  /** The version last seen in Redis; `null` while unknown (kept pages are then not served). */
  current(): string | null {
    return this.latest;
  }

  /**
   * The version the rate limiter's script read with a count (`null`: none, or Redis failed), in
   * the order Redis answered: the last one seen is the one served under.
   */
  observe(version: string | null): void {
    this.latest = version;
  }

  /**
   * After a write's commit (and its listing), before its answer: a new version, so that no
   * instance serves a page kept before it. If Redis cannot be reached the write is acknowledged
   * all the same (it is stored) and this instance keeps nothing until it reads a version again;
   * the others serve what they kept for at most {@link KEPT_PAGE_MAX_AGE_MS}.
   */
  async bump(): Promise<void> {
    const store = this.store;
    if (!store) return;
    this.latest = null;
    const version = newVersion();
    try {
      await store.set(PAGE_VERSION_KEY, version);
      // Answered in order with the reads on the same connection: the version Redis holds now.
      this.latest = version;
    } catch (error) {
      this.logger.warn(
        `Stored, but could not set a new page version in Redis: ${describeError(error)}`,
      );
    }
  }
}
