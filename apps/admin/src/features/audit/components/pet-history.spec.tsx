/**
 * Proves a pet's history: its latest changes, newest first, each saying who made it by name (a
 * person or a key's label, and their account linked to its page), in one request.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  auditEvent,
  auditPage,
  createFakeClient,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { PetHistory } from './pet-history.js';

describe("a pet's history", () => {
  it('says who changed the pet by name, their account linked', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.admin.listAudit.mockResolvedValue(
      auditPage([
        auditEvent(2, {
          actor: { accountId: 1, personId: 2, accountName: 'Shelter', name: 'Ann' },
          target: { type: 'pet', id: 14, name: 'Biscuit' },
        }),
        auditEvent(1, {
          action: 'pet.created',
          actor: { accountId: 4, keyId: 9, accountName: 'Partner Co', name: 'ci' },
          target: { type: 'pet', id: 14, name: 'Biscuit' },
          changes: { name: [null, 'Biscuit'] },
        }),
      ]),
    );
    renderWithApp(<PetHistory petId={14} headingId="history" />, client, {
      url: '/admin/pets/14',
    });

    const region = await screen.findByRole('region', { name: 'History' });
    const history = await within(region).findByText(
      (_text, element) => element?.classList.contains('events') === true,
    );
    const heads = [...history.querySelectorAll('.event-head')].map((head) =>
      head.textContent.replace(/ .+ by /, ' … by '),
    );
    expect(heads).toEqual(['Changed … by Ann (Shelter)', 'Created … by key “ci” (Partner Co)']);
    expect(
      within(history)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/admin/accounts/1', '/admin/accounts/4']);
    expect(client.admin.listAudit).toHaveBeenCalledTimes(1);
    expect(client.admin.listAudit).toHaveBeenCalledWith(
      { targetType: 'pet', targetId: 14, limit: 20, expand: ['actor'] },
      expect.anything(),
    );
  });
});
