/**
 * The guard that rate-limits every request that is not public (docs/partners/rate-limits.md):
 * counts it against the caller's plan, sets the rate-limit headers and refuses with 429.
 */
import { type ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  ThrottlerGuard,
  type ThrottlerModuleOptions,
  type ThrottlerOptions,
} from '@nestjs/throttler';
import { HEADERS, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import type { Clock } from '../config/clock.js';
import type { Metrics } from '../metrics/metrics.js';
import { IS_PUBLIC } from '../gate/public.decorator.js';
import { RouteFlag } from '../gate/route-flag.js';
import type { ConsumeRequest, RateLimitStorage, WindowSpec } from './rate-limit.storage.js';
import { WIRE_HEADERS } from '../http/wire-headers.js';

type Resolvable = ThrottlerOptions['limit'];
type Tracker = NonNullable<ThrottlerOptions['getTracker']>;
type KeyGenerator = NonNullable<ThrottlerOptions['generateKey']>;

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
 * @nestjs/throttler's guard, driven by the module's options (`rate-limit.module.ts`): throttlers,
 * tracker, key and the minute's block duration (the ban).
 */
@Injectable()
export class PlanThrottlerGuard extends ThrottlerGuard {
  private readonly isPublic: RouteFlag;
  private tracker!: Tracker;
  private keyOf!: KeyGenerator;
  /** Per throttler, its policy text by limit (a handful of plans, so a handful of entries). */
  private readonly policyParts: Map<number, string>[] = [];

  constructor(
    options: ThrottlerModuleOptions,
    private readonly limiter: RateLimitStorage,
    reflector: Reflector,
    private readonly clock: Clock,
    private readonly metrics: Metrics,
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

  /**
   * ThrottlerGuard asks its storage once per throttler. Our windows are checked and counted
   * together (a request refused by one window uses no quota in another, and refusals lead to a
   * ban), which one `increment` per window cannot do atomically; so this asks the storage once for
   * all of them. Every number comes from the throttlers. On every request: kept free of awaits
   * that wait for nothing and of per-request strings that depend only on the plan.
   */
  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.isPublic.of(context)) return true;
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const now = this.clock.now();

    let ban: ConsumeRequest['ban'];
    let policy = '';
    const windows: WindowSpec[] = [];
    for (let i = 0; i < this.throttlers.length; i++) {
      const throttler = this.throttlers[i] as ThrottlerOptions;
      const ttl = resolve(throttler.ttl, context);
      const limit = resolve(throttler.limit, context);
      const start = now - (now % ttl);
      const window = { name: throttler.name ?? 'default', start, end: start + ttl, limit };
      windows.push(window);
      const part = this.policyPart(i, window);
      policy = policy === '' ? part : `${policy}, ${part}`;
      // A throttler with a block duration bans the key that keeps sending while refused: more
      // refusals in its window than its limit. Callers without a key are only limited.
      if (throttler.blockDuration !== undefined && request.principal) {
        ban = {
          // A key is banned, or a person's session (never the account's other callers).
          keyId: request.principal.keyId ?? `session:${String(request.principal.session?.id)}`,
          threshold: limit,
          durationMs: resolve(throttler.blockDuration, context),
          minuteEnd: window.end,
        };
      }
    }
    const tracker = this.tracker(request, context);
    const result = await this.limiter.consume({
      tracker: this.keyOf(context, typeof tracker === 'string' ? tracker : await tracker, 'plan'),
      windows,
      now,
      ban,
      // Refusals are counted per caller over the longest window (the UTC day), for its usage.
      refusals: windows[windows.length - 1],
    });

    // The window the headers describe. Refused: the full window that frees up last, since that is
    // when a retry can succeed. Otherwise the one with fewest requests left; on a tie, the shorter
    // (the throttlers are in order of length).
    const refused = result.outcome === 'limited';
    let shown = windows[0] as WindowSpec;
    let shownLeft = Math.max(0, shown.limit - (result.counts[0] ?? 0));
    for (let i = 1; i < windows.length; i++) {
      const window = windows[i] as WindowSpec;
      const left = Math.max(0, window.limit - (result.counts[i] ?? 0));
      if (refused ? left === 0 && (shownLeft !== 0 || window.end > shown.end) : left < shownLeft) {
        shown = window;
        shownLeft = left;
      }
    }
    const remaining = result.outcome === 'allowed' ? shownLeft : 0;
    // During a ban, every header points at the ban's end: nothing succeeds before it.
    const resetAt = result.outcome === 'banned' ? (result.banEndsAt ?? now) : shown.end;
    const wait = seconds(resetAt - now);

    void http
      .getResponse<FastifyReply>()
      .header(WIRE_HEADERS.rateLimitLimit, shown.limit)
      .header(WIRE_HEADERS.rateLimitRemaining, remaining)
      // Whole seconds (windows and bans end on one); rounded up should one ever not.
      .header(WIRE_HEADERS.rateLimitReset, Math.ceil(resetAt / 1000))
      .header(WIRE_HEADERS.rateLimitPolicy, policy)
      .header(WIRE_HEADERS.rateLimit, `"${shown.name}";r=${remaining};t=${wait}`);

    if (result.outcome === 'allowed') return true;
    this.metrics.refusal(
      request.principal?.plan ?? 'anonymous',
      result.outcome === 'banned' ? 'api_key_banned' : 'rate_limited',
    );
    const problem =
      result.outcome === 'banned'
        ? PROBLEMS.banned(wait)
        : PROBLEMS.rateLimited(shown.limit, shown.name, wait);
    throw ApiException.of(problem, undefined, { [HEADERS.retryAfter]: String(wait) });
  }

  /** `"minute";q=60;w=60`: one window's part of `RateLimit-Policy`, written once per limit. */
  private policyPart(index: number, window: WindowSpec): string {
    let parts = this.policyParts[index];
    if (!parts) {
      parts = new Map();
      this.policyParts[index] = parts;
    }
    let part = parts.get(window.limit);
    if (part === undefined) {
      part = `"${window.name}";q=${window.limit};w=${(window.end - window.start) / 1000}`;
      parts.set(window.limit, part);
    }
    return part;
  }
}
