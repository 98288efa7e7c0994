import { Inject, Injectable } from '@nestjs/common';
import { ANONYMOUS_LIMITS, BAN_SECONDS, HEADERS, type PlanLimits } from '@pets/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Principal } from '../accounts/principal.js';
import { ApiException } from '../common/api-exception.js';
import { CLOCK, type Clock } from '../common/clock.js';
import {
  RATE_LIMIT_STORAGE,
  type RateLimitStorage,
  type WindowSpec,
} from './rate-limit.storage.js';

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

interface WindowState {
  name: string;
  limit: number;
  remaining: number;
  /** Unix milliseconds. */
  resetAt: number;
  seconds: number;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** The window to report: fewest requests remaining, and on a tie the shorter one. */
const reported = (states: readonly WindowState[]): WindowState =>
  states.reduce((best, state) => (state.remaining < best.remaining ? state : best));

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
    const minuteStart = Math.floor(now / MINUTE_MS) * MINUTE_MS;
    const dayStart = Math.floor(now / DAY_MS) * DAY_MS;
    const windows: WindowSpec[] = [
      { name: 'minute', start: minuteStart, end: minuteStart + MINUTE_MS, limit: limits.perMinute },
      { name: 'day', start: dayStart, end: dayStart + DAY_MS, limit: limits.perDay },
    ];
    const result = await this.storage.consume({
      tracker,
      windows,
      now,
      ban: principal
        ? {
            keyId: principal.keyId,
            threshold: limits.perMinute,
            durationMs: BAN_SECONDS * 1000,
            minuteEnd: minuteStart + MINUTE_MS,
          }
        : undefined,
    });

    const states = windows.map((window, i): WindowState => ({
      name: window.name,
      limit: window.limit,
      remaining: Math.max(0, window.limit - (result.counts[i] ?? 0)),
      resetAt: window.end,
      seconds: (window.end - window.start) / 1000,
    }));
    // Refused: report the full window that frees up last, since that is when a retry can succeed.
    const full = states.filter((state) => state.remaining === 0);
    const shown =
      result.outcome === 'limited' && full.length > 0
        ? full.reduce((a, b) => (b.resetAt > a.resetAt ? b : a))
        : reported(states);

    void reply.headers({
      [HEADERS.rateLimitLimit]: shown.limit,
      [HEADERS.rateLimitRemaining]: result.outcome === 'allowed' ? shown.remaining : 0,
      [HEADERS.rateLimitReset]: Math.ceil(shown.resetAt / 1000),
      [HEADERS.rateLimitPolicy]: states
        .map((state) => `"${state.name}";q=${state.limit};w=${state.seconds}`)
        .join(', '),
      [HEADERS.rateLimit]: `"${shown.name}";r=${result.outcome === 'allowed' ? shown.remaining : 0};t=${seconds(shown.resetAt - now)}`,
    });

    if (result.outcome === 'banned') {
      const left = seconds((result.banEndsAt ?? now) - now);
      throw new ApiException(
        'api_key_banned',
        `This API key is banned for ${left} more seconds for sending requests while rate limited. Back off after a 429.`,
        undefined,
        { [HEADERS.retryAfter]: String(left) },
      );
    }
    if (result.outcome === 'limited') {
      const wait = seconds(shown.resetAt - now);
      throw new ApiException(
        'rate_limited',
        `Rate limit of ${shown.limit} requests per ${shown.name} exceeded. Retry after ${wait} seconds.`,
        undefined,
        { [HEADERS.retryAfter]: String(wait) },
      );
    }
  }
}
