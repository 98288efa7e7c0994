import { Inject, Injectable } from '@nestjs/common';
import { ANONYMOUS_LIMITS, BAN_SECONDS, HEADERS, type PlanLimits, PROBLEMS } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../common/principal.js';
import { ApiException } from '../common/api-exception.js';
import { CLOCK, type Clock } from '../common/clock.js';
import { RATE_LIMIT_STORAGE, type RateLimitStorage } from './rate-limit.storage.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The `RateLimit-Policy` value of a set of limits, written once per set (limits objects are shared). */
const policies = new WeakMap<PlanLimits, string>();
function policyOf(limits: PlanLimits): string {
  let policy = policies.get(limits);
  // Stryker disable next-line ConditionalExpression: a cache; writing the policy again yields the same string.
  if (policy === undefined) {
    policy = `"minute";q=${limits.perMinute};w=60, "day";q=${limits.perDay};w=86400`;
    policies.set(limits, policy);
  }
  return policy;
}

/**
 * Per-account limits in two fixed windows, the current UTC minute and the current UTC day, counted
 * across every operation; callers without a valid key are counted per client address at the Free
 * numbers. Sets the rate-limit headers on every response it sees and refuses with 429.
 */
@Injectable()
export class RateLimitService {
  constructor(
    @Inject(RATE_LIMIT_STORAGE) private readonly storage: RateLimitStorage,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Counts a request of an authenticated caller, or throws 429. */
  async consumeForPrincipal(principal: Principal, reply: FastifyReply): Promise<void> {
    await this.consume(`account:${principal.accountId}`, principal.limits, reply, principal);
  }

  /** Counts a request without a valid key against its client address, or throws 429. */
  async consumeAnonymous(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.consume(`ip:${request.ip}`, ANONYMOUS_LIMITS, reply, undefined);
  }

  private async consume(
    tracker: string,
    limits: PlanLimits,
    reply: FastifyReply,
    principal: Principal | undefined,
  ): Promise<void> {
    const now = this.clock.now();
    const minuteEnd = now - (now % MINUTE_MS) + MINUTE_MS;
    const dayEnd = now - (now % DAY_MS) + DAY_MS;
    const result = await this.storage.consume({
      tracker,
      windows: [
        { name: 'minute', start: minuteEnd - MINUTE_MS, end: minuteEnd, limit: limits.perMinute },
        { name: 'day', start: dayEnd - DAY_MS, end: dayEnd, limit: limits.perDay },
      ],
      now,
      ban: principal
        ? {
            keyId: principal.keyId,
            threshold: limits.perMinute,
            durationMs: BAN_SECONDS * 1000,
            minuteEnd,
          }
        : undefined,
    });

    const minuteLeft = Math.max(0, limits.perMinute - (result.counts[0] ?? 0));
    const dayLeft = Math.max(0, limits.perDay - (result.counts[1] ?? 0));
    // Refused: report the full window that frees up last, since that is when a retry can succeed
    // (a storage refuses only when a window is full, so one of them has 0 left). Otherwise the
    // window with fewest requests left, and on a tie the shorter one.
    const showDay =
      result.outcome === 'limited'
        ? dayLeft === 0 && (minuteLeft !== 0 || dayEnd > minuteEnd)
        : dayLeft < minuteLeft;
    const name = showDay ? 'day' : 'minute';
    const limit = showDay ? limits.perDay : limits.perMinute;
    const remaining = result.outcome === 'allowed' ? (showDay ? dayLeft : minuteLeft) : 0;
    // During a ban, every header points at the ban's end: nothing succeeds before it.
    const resetAt =
      result.outcome === 'banned' ? (result.banEndsAt ?? now) : showDay ? dayEnd : minuteEnd;
    const wait = seconds(resetAt - now);

    void reply
      .header(HEADERS.rateLimitLimit, limit)
      .header(HEADERS.rateLimitRemaining, remaining)
      .header(HEADERS.rateLimitReset, resetAt / 1000)
      .header(HEADERS.rateLimitPolicy, policyOf(limits))
      .header(HEADERS.rateLimit, `"${name}";r=${remaining};t=${wait}`);

    if (result.outcome === 'banned') {
      throw ApiException.of(PROBLEMS.banned(wait), undefined, {
        [HEADERS.retryAfter]: String(wait),
      });
    }
    if (result.outcome === 'limited') {
      throw ApiException.of(PROBLEMS.rateLimited(limit, name, wait), undefined, {
        [HEADERS.retryAfter]: String(wait),
      });
    }
  }
}
