import { Inject, Injectable, Optional } from '@nestjs/common';

export interface ReadinessCheck {
  readonly name: string;
  /** A failing critical check makes the instance unready (503); any other only degrades it. */
  readonly critical: boolean;
  /** Resolves with `ok`, or a short reason why not. Must not hang. */
  check(): Promise<string>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export interface Readiness {
  status: 'ok' | 'degraded' | 'unavailable';
  checks: Record<string, string>;
}

@Injectable()
export class HealthService {
  constructor(
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: readonly ReadinessCheck[] = [],
  ) {}

  async readiness(): Promise<Readiness> {
    const results = await Promise.all(
      this.checks.map(async (check) => ({
        check,
        result: await check.check().catch((error: unknown) => String(error)),
      })),
    );
    const failing = results.filter(({ result }) => result !== 'ok');
    return {
      status: failing.some(({ check }) => check.critical)
        ? 'unavailable'
        : failing.length > 0
          ? 'degraded'
          : 'ok',
      checks: Object.fromEntries(results.map(({ check, result }) => [check.name, result])),
    };
  }
}
