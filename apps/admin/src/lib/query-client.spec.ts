/**
 * Proves the query client marks the audit trail stale after every change the API accepts, and does
 * not report the failures of calls with limits of their own (signing in): their form says them.
 */
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_QUERY_ROOT, createQueryClient, OWN_LIMITS } from './query-client.js';

describe('the query client', () => {
  it('marks the audit trail stale after every change the API accepts, and only then', async () => {
    const events = { onSuccess: vi.fn(), onError: vi.fn() };
    const queryClient = createQueryClient(events);
    const key = [AUDIT_QUERY_ROOT, 'list', {}];
    const other = ['pets', 'list', {}];
    await queryClient.query({ queryKey: key, queryFn: () => 'events' });
    await queryClient.query({ queryKey: other, queryFn: () => 'pets' });
    const change = (mutationFn: () => Promise<unknown>) =>
      queryClient.getMutationCache().build(queryClient, { mutationFn }).execute(undefined);

    await change(() => Promise.reject(new Error('refused'))).catch(() => undefined);
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    expect(events.onError).toHaveBeenCalledTimes(1);

    await change(() => Promise.resolve('revoked'));
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(other)?.isInvalidated).toBe(false);
    expect(events.onSuccess).toHaveBeenCalledWith('revoked');
  });

  it('does not report the failures of a mutation with limits of its own (signing in)', async () => {
    const events = { onSuccess: vi.fn(), onError: vi.fn() };
    const queryClient = createQueryClient(events);
    const refused = () => Promise.reject(new Error('rate limited'));
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: refused, meta: OWN_LIMITS })
      .execute(undefined)
      .catch(() => undefined);
    expect(events.onError).not.toHaveBeenCalled();
    await queryClient
      .getMutationCache()
      .build(queryClient, { mutationFn: refused })
      .execute(undefined)
      .catch(() => undefined);
    expect(events.onError).toHaveBeenCalledTimes(1);
  });
});
