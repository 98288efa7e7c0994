import { Inject, Injectable, Optional } from '@nestjs/common';

export interface ReadinessCheck {
  readonly name: string;
  /** Resolves with `ok`, or a short reason why not. Must not hang. */
  check(): Promise<string>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');

export interface Readiness {
  status: 'ok' | 'unavailable';
  checks: Record<string, string>;
}

@Injectable()
export class HealthService {
  constructor(
    @Optional() @Inject(READINESS_CHECKS) private readonly checks: readonly ReadinessCheck[] = [],
  ) {}

  async readiness(): Promise<Readiness> {
    const results = await Promise.all(
      this.checks.map(
        async (check) =>
          [check.name, await check.check().catch((error: unknown) => String(error))] as const,
      ),
    );
    return {
      status: results.every(([, result]) => result === 'ok') ? 'ok' : 'unavailable',
      checks: Object.fromEntries(results),
    };
  }
}
