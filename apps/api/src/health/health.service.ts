/**
 * Readiness from the checks: unavailable when a critical one fails, degraded when another does. A
 * check's reason is logged when it changes, never shown in the answer.
 */
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { READINESS_CHECKS, type ReadinessCheck } from '../readiness/readiness.js';

export interface Readiness {
  status: 'ok' | 'degraded' | 'unavailable';
  /** Each check, `ok` or `unavailable`: never an error's text, which goes to the log. */
  checks: Record<string, 'ok' | 'unavailable'>;
}

@Injectable()
export class HealthService {
  private readonly logger = new Logger('Readiness');
  /** The last reason each check gave, so the log says when it changes, not on every probe. */
  private readonly last = new Map<string, string>();

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
    for (const { check, result } of results) this.remember(check.name, result);
    const failing = results.filter(({ result }) => result !== 'ok');
    return {
      status: failing.some(({ check }) => check.critical)
        ? 'unavailable'
        : failing.length > 0
          ? 'degraded'
          : 'ok',
      checks: Object.fromEntries(
        results.map(({ check, result }) => [check.name, result === 'ok' ? 'ok' : 'unavailable']),
      ),
    };
  }

  private remember(name: string, result: string): void {
    const before = this.last.get(name) ?? 'ok';
    if (result === before) return;
    this.last.set(name, result);
    if (result === 'ok') this.logger.log(`${name} is available again`);
    else this.logger.warn(`${name} is unavailable: ${result}`);
  }
}
