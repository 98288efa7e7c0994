import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { IS_PUBLIC } from '../common/public.decorator.js';
import { RouteFlag } from '../common/route-flag.js';
import { RateLimitService } from './rate-limit.service.js';

/**
 * @nestjs/throttler's guard, changed where its defaults differ from our contract: it counts per
 * account (not per route and IP), checks both windows at once so a refused request uses no quota,
 * sends `X-RateLimit-Reset` as a Unix time with unsuffixed header names, and bans keys that keep
 * sending while limited. Runs after the API-key guard, which counts callers without a valid key.
 */
@Injectable()
export class PlanThrottlerGuard extends ThrottlerGuard {
  private rateLimit!: RateLimitService;
  private isPublic?: RouteFlag;

  /** Set by the module: ThrottlerGuard's own constructor takes the throttler options and storage. */
  use(rateLimit: RateLimitService): this {
    this.rateLimit = rateLimit;
    return this;
  }

  private skips(context: ExecutionContext): boolean {
    this.isPublic ??= new RouteFlag(this.reflector, IS_PUBLIC);
    return this.isPublic.of(context);
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    if (this.skips(context)) return true;
    const http = context.switchToHttp();
    const principal = http.getRequest<FastifyRequest>().principal;
    // Stryker disable next-line all: unreachable; ApiKeyGuard, registered before this guard, sets the principal or throws.
    if (!principal) throw new Error('PlanThrottlerGuard ran before authentication');
    await this.rateLimit.consumeForPrincipal(principal, http.getResponse<FastifyReply>());
    return true;
  }
}
