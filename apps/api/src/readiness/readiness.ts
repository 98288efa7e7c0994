/** What a part of the app reports to `/readyz` (the health module collects them). */
export interface ReadinessCheck {
  readonly name: string;
  /** A failing critical check makes the instance unready (503); any other only degrades it. */
  readonly critical: boolean;
  /** Resolves with `ok`, or the reason why not (for the log only). Must not hang. */
  check(): Promise<string>;
}

export const READINESS_CHECKS = Symbol('READINESS_CHECKS');
