// The client's default wait: on time, stopped at once by an aborted signal, and leaving no listener
// behind.
import { getEventListeners } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sleep } from './retry.js';

/** What a promise has done so far: settled promises report after pending microtasks ran. */
const stateOf = async (promise: Promise<unknown>) => {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  let reason: unknown;
  promise.then(
    () => (state = 'resolved'),
    (error: unknown) => {
      state = 'rejected';
      reason = error;
    },
  );
  await vi.advanceTimersByTimeAsync(0);
  return { state, reason };
};

describe('sleep, the wait the client uses unless given another', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('resolves once the time has passed, not before', async () => {
    const waiting = sleep(1000);
    await vi.advanceTimersByTimeAsync(999);
    expect((await stateOf(waiting)).state).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect((await stateOf(waiting)).state).toBe('resolved');
  });

  it('with a signal, resolves on time and leaves no listener on it', async () => {
    const controller = new AbortController();
    const waiting = sleep(1000, controller.signal);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await stateOf(waiting)).state).toBe('resolved');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects with the reason as soon as the signal aborts, and stops its timer', async () => {
    const controller = new AbortController();
    const waiting = sleep(60_000, controller.signal);
    await vi.advanceTimersByTimeAsync(10);
    const reason = new Error('user left');
    controller.abort(reason);
    expect(await stateOf(waiting)).toEqual({ state: 'rejected', reason });
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('rejects at once, without waiting, for a signal already aborted', async () => {
    const reason = new Error('already gone');
    const waiting = sleep(60_000, AbortSignal.abort(reason));
    expect(await stateOf(waiting)).toEqual({ state: 'rejected', reason });
    expect(vi.getTimerCount()).toBe(0);
  });
});
