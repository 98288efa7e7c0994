/** The sign-in pages' sentences that are built from an answer. */
import { describe, expect, it } from 'vitest';
import { formatTime } from '../../../lib/format.js';
import { signInHeldBack } from './sentences.js';

describe('signInHeldBack', () => {
  it("keeps the API's words and says the wait as people read one, and when it ends", () => {
    const now = Date.parse('2030-01-01T12:00:00.000Z');
    expect(
      signInHeldBack('Too many failed sign-ins for this email. Retry after 930 seconds.', 930, now),
    ).toBe(
      `Too many failed sign-ins for this email. Try again in 15 min 30 s, at ${formatTime('2030-01-01T12:15:30.000Z', new Date(now))}.`,
    );
    expect(signInHeldBack('Slow down. Retry after 1 second.', 1, now)).toMatch(
      /^Slow down\. Try again in 1 s, at /,
    );
  });
});
