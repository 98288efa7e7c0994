// The audit trail in the contract: its list's `expand`, and an event with and without names.
import { describe, expect, it } from 'vitest';
import { AuditEvent, ListAuditQuery } from './audit.schema.js';

describe('ListAuditQuery', () => {
  it('expands actor and target, each at most once', () => {
    expect(ListAuditQuery.parse({ expand: 'target,actor' })).toEqual({
      expand: ['actor', 'target'],
      limit: 20,
    });
    for (const expand of ['pet', 'actor,actor', 'actor,'])
      expect(ListAuditQuery.safeParse({ expand }).error?.issues[0]?.message, expand).toBe(
        'must be a comma-separated list of actor, target, each at most once',
      );
  });
});

describe('AuditEvent', () => {
  const event = {
    id: 1,
    at: '2026-11-26T18:00:00.000Z',
    actor: { accountId: 2, personId: 3 },
    action: 'order.placed',
    target: { type: 'order', id: 4 },
    changes: { status: [null, 'placed'] },
  };

  it('is as recorded without names, and carries them expanded', () => {
    expect(AuditEvent.parse(event)).toEqual(event);
    const named = {
      ...event,
      actor: { accountId: 2, personId: 3, accountName: 'Shelter', name: 'Ann' },
      target: { type: 'order', id: 4, name: null },
    };
    expect(AuditEvent.parse(named)).toEqual(named);
    const byKey = { ...event, actor: { accountId: 2, keyId: 5, accountName: 'P', name: 'ci' } };
    expect(AuditEvent.parse(byKey)).toEqual(byKey);
    expect(
      AuditEvent.safeParse({ ...event, actor: 'cli', target: { ...event.target, label: 'x' } })
        .success,
    ).toBe(false);
  });
});
