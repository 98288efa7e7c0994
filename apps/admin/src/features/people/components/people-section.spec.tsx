/**
 * An account's people: read-only on Your account; for staff on an account's page, a reset link
 * shown once and deactivation after a confirmation; paged in the address beside the keys.
 */
import type { Page, Person } from '@pets/client';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  createFakeClient,
  type FakeClient,
  passwordResetLink,
  sentResetLink,
  peoplePage,
  person,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { dialogButton, findRow, labelledCells } from '../../../testing/queries.js';
import { PeopleSection } from './people-section.js';

const STAFF = account({ id: 1, name: 'Staff', role: 'staff' });
const SAM = person({ id: 1, accountId: 1, name: 'Sam Staff', email: 'sam@staff.example' });
const ANN = person({ id: 3, accountId: 2, name: 'Ann Lee', email: 'ann@acme.example' });
const BO = person({
  id: 4,
  accountId: 2,
  name: 'Bo Gone',
  email: 'bo@acme.example',
  createdAt: '2030-01-02T00:00:00.000Z',
  deactivatedAt: '2030-01-03T00:00:00.000Z',
});

/** Staff on the page of Acme Pets (account 2). */
function asStaff(
  prepare: (client: FakeClient) => void = () => undefined,
  url = '/admin/accounts/2',
) {
  const client = createFakeClient();
  signInAs(client, STAFF, SAM);
  client.admin.listPeopleOfAccount.mockResolvedValue(peoplePage([ANN, BO]));
  prepare(client);
  return {
    client,
    ...renderWithApp(<PeopleSection of={{ accountId: 2 }} owner="Acme Pets" manage />, client, {
      url,
    }),
  };
}

/** The row of a person, by the start of its header (the name, then any mark). */
const rowOf = (name: string) => findRow(new RegExp(`^${name}`));

describe('the people of your own account', () => {
  it('lists name, email, when they joined and whether active, marking you, with no actions', async () => {
    const client = createFakeClient();
    const you = person();
    client.listPeople.mockResolvedValue(peoplePage([you, { ...BO, accountId: 1 }]));
    renderWithApp(<PeopleSection of="own" />, client, { url: '/admin/account' });
    expect(screen.getByRole('heading', { level: 2, name: 'People of your account' })).toBeDefined();
    const ann = await rowOf('Ann Lee');
    expect(within(ann).getByRole('rowheader').textContent).toBe('Ann Lee You');
    expect(labelledCells(ann)).toEqual([
      'Email: ann@acme.example',
      expect.stringMatching(/^Joined: /),
      'Status: Active',
    ]);
    expect(ann.querySelector('time')?.dateTime).toBe(you.createdAt);
    const bo = await rowOf('Bo Gone');
    expect(labelledCells(bo)[2]).toMatch(/^Status: Deactivated /);
    expect(screen.queryAllByRole('button')).toEqual([]);
    expect(client.listPeople).toHaveBeenCalledWith({ limit: 50 }, expect.anything());
    expect(client.admin.listPeopleOfAccount).not.toHaveBeenCalled();
  });

  it('says when no one has joined yet', async () => {
    const client = createFakeClient();
    renderWithApp(<PeopleSection of="own" />, client, { url: '/admin/account' });
    expect(await screen.findByText('No one has joined this account yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe("staff on an account's page", () => {
  it("lists the account's people, with actions for the active ones only", async () => {
    const { client } = asStaff();
    expect(screen.getByRole('heading', { level: 2, name: 'People of Acme Pets' })).toBeDefined();
    const ann = await rowOf('Ann Lee');
    expect(within(ann).getByRole('button', { name: 'Make reset link for Ann Lee' })).toBeDefined();
    expect(within(ann).getByRole('button', { name: 'Deactivate Ann Lee' })).toBeDefined();
    // A deactivated person has only Reactivate.
    expect(
      within(await rowOf('Bo Gone'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reactivate Bo Gone']);
    expect(client.admin.listPeopleOfAccount).toHaveBeenCalledWith(
      2,
      { limit: 50 },
      expect.anything(),
    );
    expect(client.listPeople).not.toHaveBeenCalled();
  });

  it('offers no actions on themselves', async () => {
    asStaff((fake) => {
      fake.admin.listPeopleOfAccount.mockResolvedValue(peoplePage([SAM]));
    });
    const sam = await rowOf('Sam Staff');
    expect(within(sam).getByRole('rowheader').textContent).toBe('Sam Staff You');
    expect(within(sam).queryByRole('button')).toBeNull();
  });

  it('deactivates a person only after a dialog that names them; Keep active changes nothing', async () => {
    const { user, client } = asStaff((fake) => {
      fake.admin.deactivatePerson.mockImplementation((id) =>
        Promise.resolve(result<Person>({ ...ANN, id, deactivatedAt: '2030-01-04T00:00:00.000Z' })),
      );
    });
    const ann = await rowOf('Ann Lee');
    const deactivate = within(ann).getByRole('button', { name: 'Deactivate Ann Lee' });

    await user.click(deactivate);
    const dialog = screen.getByRole('dialog', {
      name: 'Deactivate Ann Lee (ann@acme.example)?',
    });
    expect(dialog.textContent).toContain('every session of theirs ends');
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep active' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep active' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(deactivate);
    expect(client.admin.deactivatePerson).not.toHaveBeenCalled();

    client.admin.listPeopleOfAccount.mockResolvedValue(
      peoplePage([{ ...ANN, deactivatedAt: '2030-01-04T00:00:00.000Z' }, BO]),
    );
    await user.click(deactivate);
    await user.click(dialogButton('Deactivate person'));
    expect(client.admin.deactivatePerson).toHaveBeenCalledExactlyOnceWith(3);
    const said = await screen.findByText(
      'Deactivated Ann Lee (ann@acme.example). Their sessions end within seconds.',
    );
    await waitFor(() => {
      expect(document.activeElement).toBe(said);
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(async () => {
      expect(labelledCells(await rowOf('Ann Lee'))[2]).toMatch(/^Status: Deactivated /);
    });
    expect(
      within(await rowOf('Ann Lee'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Reactivate Ann Lee']);
  });

  it('reactivates a deactivated person at once, saying what stays ended', async () => {
    const { user, client } = asStaff((fake) => {
      fake.admin.reactivatePerson.mockImplementation((id) =>
        Promise.resolve(result<Person>({ ...BO, id, deactivatedAt: null })),
      );
    });
    const reactivate = within(await rowOf('Bo Gone')).getByRole('button', {
      name: 'Reactivate Bo Gone',
    });
    client.admin.listPeopleOfAccount.mockResolvedValue(
      peoplePage([ANN, { ...BO, deactivatedAt: null }]),
    );
    await user.click(reactivate);
    expect(client.admin.reactivatePerson).toHaveBeenCalledExactlyOnceWith(4);
    expect(
      await screen.findByText(
        'Reactivated Bo Gone (bo@acme.example): they can sign in again. Their old sessions, links and keys stay ended.',
      ),
    ).toBeDefined();
    await waitFor(async () => {
      expect(labelledCells(await rowOf('Bo Gone'))[2]).toBe('Status: Active');
    });
  });

  it("shows the refusal to deactivate the last staff person in the API's words", async () => {
    const words =
      'Ann Lee is the last active person of the staff accounts: invite or reactivate another staff person first.';
    const { user } = asStaff((fake) => {
      fake.admin.deactivatePerson.mockRejectedValue(
        apiError({ code: 'last_staff_person', status: 409, message: words }),
      );
    });
    await user.click(
      within(await rowOf('Ann Lee')).getByRole('button', { name: 'Deactivate Ann Lee' }),
    );
    await user.click(dialogButton('Deactivate person'));
    expect(await screen.findByText(words)).toBeDefined();
  });

  it('says why a deactivation failed, and gives focus back to the row', async () => {
    const { user } = asStaff((fake) => {
      fake.admin.deactivatePerson.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No person has this id.' }),
      );
    });
    const deactivate = within(await rowOf('Ann Lee')).getByRole('button', {
      name: 'Deactivate Ann Lee',
    });
    await user.click(deactivate);
    await user.click(dialogButton('Deactivate person'));
    expect(await screen.findByText('No person has this id.')).toBeDefined();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(deactivate);
  });

  it('makes a reset link, shown once with a Copy button, until dismissed', async () => {
    const reset = passwordResetLink({ personId: 3 });
    const { user, client } = asStaff((fake) => {
      fake.admin.createPasswordReset.mockResolvedValue(result(reset, { status: 201 }));
    });
    const button = within(await rowOf('Ann Lee')).getByRole('button', {
      name: 'Make reset link for Ann Lee',
    });
    await user.click(button);
    expect(client.admin.createPasswordReset).toHaveBeenCalledExactlyOnceWith(3);
    const shown = await screen.findByLabelText<HTMLInputElement>(
      'Password-reset link for ann@acme.example',
    );
    expect(shown.value).toBe(reset.link);
    expect(shown.readOnly).toBe(true);
    await waitFor(() => {
      expect(document.activeElement).toBe(shown);
    });
    expect(screen.getByText('Copy this link now: it is shown once.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(reset.link);
    expect(screen.getByText('Copied.')).toBeDefined();

    await user.click(screen.getByRole('button', { name: 'Done, I have sent it' }));
    expect(screen.queryByDisplayValue(reset.link)).toBeNull();
    expect(document.body.textContent).not.toContain(reset.link);
    expect(document.activeElement).toBe(button);
  });

  it('says where a reset link went when the API e-mailed it, with no link to copy', async () => {
    const { user } = asStaff((fake) => {
      fake.admin.createPasswordReset.mockResolvedValue(
        result(sentResetLink({ personId: 3, sentTo: 'ann@acme.example' }), { status: 201 }),
      );
    });
    const button = within(await rowOf('Ann Lee')).getByRole('button', {
      name: 'Make reset link for Ann Lee',
    });
    await user.click(button);
    const sent = await screen.findByText('Reset link sent to ann@acme.example.');
    expect(sent.closest('p')?.textContent).toMatch(
      /^Reset link sent to ann@acme\.example\. The link works once, until /,
    );
    expect(sent.closest('p')?.getAttribute('role')).toBe('status');
    expect(screen.queryByLabelText(/^Password-reset link/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy link' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(/^Reset link sent to/)).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('says why a reset link could not be made', async () => {
    const { user } = asStaff((fake) => {
      fake.admin.createPasswordReset.mockRejectedValue(
        apiError({ code: 'not_found', status: 404, message: 'No person has this id.' }),
      );
    });
    await user.click(
      within(await rowOf('Ann Lee')).getByRole('button', { name: 'Make reset link for Ann Lee' }),
    );
    expect(await screen.findByText('No person has this id.')).toBeDefined();
    expect(screen.queryByLabelText(/^Password-reset link/)).toBeNull();
  });

  it('pages with Previous and Next in ?people=, leaving the keys’ page in the address alone', async () => {
    const { user, client } = asStaff((fake) => {
      fake.admin.listPeopleOfAccount.mockImplementation(
        (_id, { cursor } = {}): Promise<Page<Person>> =>
          Promise.resolve(cursor === undefined ? peoplePage([ANN], 'after-3') : peoplePage([BO])),
      );
    }, '/admin/accounts/2?cursor=k2');
    await rowOf('Ann Lee');
    const pages = screen.getByRole('navigation', { name: 'Pages of people' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    expect(window.location.search).toBe('?cursor=k2&people=after-3');
    await rowOf('Bo Gone');
    expect(client.admin.listPeopleOfAccount).toHaveBeenLastCalledWith(
      2,
      { limit: 50, cursor: 'after-3' },
      expect.anything(),
    );
    await waitFor(() => {
      expect(within(pages).getByRole<HTMLButtonElement>('button', { name: 'Next' }).disabled).toBe(
        true,
      );
    });
    await user.click(within(pages).getByRole('button', { name: 'Previous' }));
    expect(window.location.search).toBe('?cursor=k2');
    await rowOf('Ann Lee');
  });
});
