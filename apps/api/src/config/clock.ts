/** The time, injectable so tests can cross the sunset instant and rate-limit windows. */
export interface Clock {
  /** Unix milliseconds. */
  now(): number;
}

export const CLOCK = Symbol('CLOCK');

export const systemClock: Clock = { now: () => Date.now() };
