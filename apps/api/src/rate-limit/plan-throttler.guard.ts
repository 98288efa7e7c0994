import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
} from '@nestjs/throttler';
import { HEADERS, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../common/api-exception.js';
import type { Clock } from '../common/clock.js';
import { IS_PUBLIC } from '../common/public.decorator.js';
import { RouteFlag } from '../common/route-flag.js';
import type { ConsumeRequest, RateLimitStorage, WindowSpec } from './rate-limit.storage.js';

type Resolvable = ThrottlerOptions['limit'];
type Tracker = NonNullable<ThrottlerOptions['getTracker']>;
type KeyGenerator = NonNullable<ThrottlerOptions['generateKey']>;

interface Counted extends WindowSpec {
  /** Requests left in the window after this one (0 when refused). */
  readonly left: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A throttler's number for this request. Ours are numbers or synchronous resolvers (no await per request). */
function resolve(value: Resolvable, context: ExecutionContext): number {
  const resolved = typeof value === 'function' ? value(context) : value;
  // Stryker disable next-line all: guards the module's own options, which are numbers and synchronous resolvers.
  if (typeof resolved !== 'number')
    throw new Error('Rate-limit throttlers take numbers or synchronous resolvers');
  return resolved;
}

/**
 * The window the headers describe. Refused: the full window that frees up last, since that is when
 * a retry can succeed. Otherwise the window with fewest requests left; on a tie, the shorter one
 * (the throttlers are in order of length).
 */
const shownOf = (windows: readonly Counted[], refused: boolean): Counted =>
  windows.reduce((shown, window) =>
    (
      refused
        ? window.left === 0 && (shown.left !== 0 || window.end > shown.end)
        : window.left < shown.left
    )
      ? window
      : shown,
  );

/**
 * @nestjs/throttler's guard, driven by the module's options: one throttler per window with the
 * limit resolved from the caller's plan, its tracker (the account, or the client address without a
 * valid key), its key (one count per caller across every operation) and the minute's block duration
 * (the ban). Public routes are skipped. Sets the IETF rate-limit headers on every response it sees
 * and refuses with 429.
 */
@Injectable()
export class PlanThrottlerGuard extends ThrottlerGuard {
  private readonly isPublic: RouteFlag;
  private tracker!: Tracker;
  private keyOf!: KeyGenerator;

  constructor(
    options: ThrottlerModuleOptions,
    private readonly limiter: RateLimitStorage,
    reflector: Reflector,
    private readonly clock: Clock,
  ) {
    super(options, limiter, reflector);
    this.isPublic = new RouteFlag(reflector, IS_PUBLIC);
  }

  override async onModuleInit(): Promise<void> {
    await super.onModuleInit();
    // ThrottlerGuard fills in its own tracker and key generator where the options give none.
    const { getTracker, generateKey } = this.commonOptions;
    // Stryker disable next-line all: unreachable; ThrottlerGuard.onModuleInit always sets both.
    if (!getTracker || !generateKey) throw new Error('ThrottlerGuard set no tracker or key');
    this.tracker = getTracker;
    this.keyOf = generateKey;
  }

  protected override shouldSkip(context: ExecutionContext): Promise<boolean> {
    return Promise.resolve(this.isPublic.of(context));
  }

  /**
   * ThrottlerGuard asks its storage once per throttler. Our windows are checked and counted
   * together (a request refused by one window uses no quota in another, and refusals lead to a
   * ban), which one `increment` per window cannot do atomically; so this asks the storage once for
   * all of them. Every number comes from the throttlers.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (await this.shouldSkip(context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const now = this.clock.now();

    let ban: ConsumeRequest['ban'];
    const windows = this.throttlers.map((throttler): WindowSpec => {
      const ttl = resolve(throttler.ttl, context);
      const start = now - (now % ttl);
      const limit = resolve(throttler.limit, context);
      const name = throttler.name ?? 'default';
      // A throttler with a block duration bans the key that keeps sending while refused: more
      // refusals in its window than its limit. Callers without a key are only limited.
      if (throttler.blockDuration !== undefined && request.principal) {
        ban = {
          keyId: request.principal.keyId,
          threshold: limit,
          durationMs: resolve(throttler.blockDuration, context),
          minuteEnd: start + ttl,
        };
      }
      return { name, start, end: start + ttl, limit };
    });
    const result = await this.limiter.consume({
      tracker: this.keyOf(context, await this.tracker(request, context), 'plan'),
      windows,
      now,
      ban,
    });

    const counted = windows.map((window, i): Counted => ({
      ...window,
      left: Math.max(0, window.limit - (result.counts[i] ?? 0)),
    }));
    const shown = shownOf(counted, result.outcome === 'limited');
    const remaining = result.outcome === 'allowed' ? shown.left : 0;
    // During a ban, every header points at the ban's end: nothing succeeds before it.
    const resetAt = result.outcome === 'banned' ? (result.banEndsAt ?? now) : shown.end;
    const wait = seconds(resetAt - now);

    void http
      .getResponse<FastifyReply>()
      .header(HEADERS.rateLimitLimit, shown.limit)
      .header(HEADERS.rateLimitRemaining, remaining)
      .header(HEADERS.rateLimitReset, resetAt / 1000)
      .header(
        HEADERS.rateLimitPolicy,
        windows.map((w) => `"${w.name}";q=${w.limit};w=${(w.end - w.start) / 1000}`).join(', '),
      )
      .header(HEADERS.rateLimit, `"${shown.name}";r=${remaining};t=${wait}`);

    if (result.outcome === 'allowed') return true;
    const problem =
      result.outcome === 'banned'
        ? PROBLEMS.banned(wait)
        : PROBLEMS.rateLimited(shown.limit, shown.name, wait);
    throw ApiException.of(problem, undefined, { [HEADERS.retryAfter]: String(wait) });
  }
}
