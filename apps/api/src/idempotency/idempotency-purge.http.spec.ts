// Expired Idempotency-Keys on each database: purged every hour once over 24 hours old while younger
// ones still replay, a failed purge logged and tried again, and no purge after the app closes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startIdempotencyApp } from '../../test/idempotent-poster.js';
import { ENGINES, type TestApp } from '../../test/test-app.js';
import { Writer } from '../database/writer.js';
import { IDEMPOTENCY_WINDOW_MS } from './idempotency.service.js';

const HOUR = 60 * 60 * 1_000;

describe.each(ENGINES)('expired Idempotency-Keys on %s', (engine) => {
  let t: TestApp;
  let post: Awaited<ReturnType<typeof startIdempotencyApp>>['post'];
  let storedKeys: () => Promise<string[]>;
  let closed = false;

  beforeAll(async () => {
    // The hourly purge is a timer of the app's own: faked from the app's start, so it can be run.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    ({ t, post, storedKeys } = await startIdempotencyApp(engine));
  });
  afterAll(async () => {
    vi.useRealTimers();
    if (!closed) await t.close();
  });

  it('are deleted every hour once over 24 h old; younger ones are kept and still replayed', async () => {
    await post({ name: 'Old', categoryId: 1 }, 'purge-old');
    t.clock.advance(2 * HOUR);
    const young = await post({ name: 'Young', categoryId: 1 }, 'purge-young');
    t.clock.advance(IDEMPOTENCY_WINDOW_MS - HOUR);
    expect(await storedKeys()).toEqual(['purge-old', 'purge-young']);

    vi.advanceTimersByTime(HOUR);
    await vi.waitFor(async () => {
      expect(await storedKeys()).toEqual(['purge-young']);
    });
    const replay = await post({ name: 'Young', categoryId: 1 }, 'purge-young');
    expect(replay.json()).toEqual(young.json());
  });

  it('a purge that fails is logged as a warning, and the next one runs', async () => {
    t.clock.advance(2 * HOUR);
    const writes = vi
      .spyOn(t.app.get(Writer), 'transaction')
      .mockRejectedValueOnce(new Error('disk on fire'));
    try {
      vi.advanceTimersByTime(HOUR);
      await vi.waitFor(() => {
        expect(JSON.stringify(t.logs)).toContain(
          'could not purge expired idempotency keys: Error: disk on fire',
        );
      });
    } finally {
      writes.mockRestore();
    }
    expect(await storedKeys()).toEqual(['purge-young']);
    vi.advanceTimersByTime(HOUR);
    await vi.waitFor(async () => {
      expect(await storedKeys()).toEqual([]);
    });
  });

  it('stop when the app is closed', async () => {
    await t.close();
    closed = true;
    const logged = t.logs.length;
    const writer = t.app.get(Writer);
    const writes = vi.spyOn(writer, 'transaction');
    vi.advanceTimersByTime(2 * HOUR);
    expect(writes).not.toHaveBeenCalled();
    writes.mockRestore();
    expect(t.logs.slice(logged).filter((line) => JSON.stringify(line).includes('purge'))).toEqual(
      [],
    );
  });
});
