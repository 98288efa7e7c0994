/**
 * Proves a pet's own page: its facts by name (category linked to its pets, owner from its first
 * audit event), the status moves it can make and why there are none while an order holds it,
 * correcting its name and category, its orders and history, Delete after asking by name (refused,
 * and not offered, while an order is open), a partner's own pet and another account's (read-only,
 * Adopt after asking), a pet that does not exist, and the way back to the list.
 */
import type { ApiResult, ListedOrder, Pet } from '@pets/client';
import { PROBLEMS } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { PetRoute } from '../../../app/routes/pet.js';
import {
  account,
  apiError,
  auditEvent,
  auditPage,
  categoriesPage,
  category,
  createFakeClient,
  deferred,
  invalidBody,
  listPage,
  order,
  pet,
  petsPage,
  result,
  signInAs,
  type FakeClient,
} from '../../../testing/fake-client.js';
import { dialogButton } from '../../../testing/queries.js';
import { renderApp, renderWithApp } from '../../../testing/render.js';

/** Pet 7's page, as the router shows it, with the pet the API answers. */
function renderPet(client: FakeClient, shown: Pet | undefined, url = '/admin/pets/7') {
  if (shown) client.getPet.mockResolvedValue(result(shown));
  return renderWithApp(
    <Route path="/pets/:id">
      <PetRoute />
    </Route>,
    client,
    { url },
  );
}

/** A staff client whose pet 7 was created by account 2 (Acme Pets), with no orders. */
function staffClient(): FakeClient {
  const client = createFakeClient();
  signInAs(client, account({ role: 'staff', id: 9, name: 'Shelter' }));
  client.admin.listAudit.mockResolvedValue(
    auditPage([
      auditEvent(1, {
        action: 'pet.created',
        actor: { accountId: 2, keyId: 5, accountName: 'Acme Pets', name: 'Front desk' },
        changes: { name: [null, 'Rex'], categoryId: [null, 3], status: [null, 'available'] },
      }),
    ]),
  );
  return client;
}

const petOrders = (orders: ListedOrder[]) => listPage(orders, '/v1/store/orders?limit=10');

/** The section of that heading. */
const section = (name: string) => screen.getByRole('region', { name });

describe("a pet's page, for staff", () => {
  it('names the pet, its category (linked to its pets) and owner, and offers its moves', async () => {
    const client = staffClient();
    renderPet(client, pet(7, { name: 'Rex', categoryId: 3 }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Rex' });
    expect(document.activeElement).toBe(heading);
    const terms = [...document.querySelectorAll('.pet-facts dt')].map((term) => term.textContent);
    expect(terms).toEqual(['Id', 'Category', 'Owner']);
    expect(document.querySelector('.pet-facts dd')?.textContent).toBe('7');
    expect((await screen.findByRole('link', { name: 'Birds' })).getAttribute('href')).toBe(
      '/admin/pets?categoryId=3',
    );
    // The owner among the facts (the history names the same account again, linked too).
    const facts = document.querySelector<HTMLElement>('.pet-facts');
    if (!facts) throw new Error('no facts');
    expect(
      (await within(facts).findByRole('link', { name: 'Acme Pets' })).getAttribute('href'),
    ).toBe('/admin/accounts/2');
    expect(client.admin.listAudit).toHaveBeenCalledWith(
      { targetType: 'pet', targetId: 7, expand: ['actor'], limit: 100 },
      expect.anything(),
    );
    await waitFor(() => {
      expect(
        within(section('Status'))
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Mark pending', 'Mark sold']);
    });
    expect(client.listOrders).toHaveBeenCalledWith(
      { petId: 7, sort: '-id', expand: ['account'], limit: 10 },
      expect.anything(),
    );
    expect(within(section('Orders')).getByText('No orders.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Pets' }).getAttribute('href')).toBe(
      '/admin/pets',
    );
  });

  it('shows the pet as a list on screen has it while the API is asked', async () => {
    const client = staffClient();
    const answer = deferred<ApiResult<Pet>>();
    client.getPet.mockReturnValue(answer.promise);
    renderPet(client, undefined);
    expect(await screen.findByText('Loading the pet…')).toBeDefined();
    answer.reject(apiError({ message: 'Internal error.' }));
    const error = await screen.findByText(/^Internal error\./);
    expect(error.closest('[aria-live]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeDefined();
  });

  it('says why an ordered pet has no moves and no Delete, naming and linking the order', async () => {
    const client = staffClient();
    client.listOrders.mockResolvedValue(
      petOrders([
        { ...order(5, { petId: 7, accountId: 2 }), account: { id: 2, name: 'Zoo Shop' } },
        {
          ...order(3, { petId: 7, accountId: 2, status: 'cancelled' }),
          account: { id: 2, name: 'Zoo Shop' },
        },
      ]),
    );
    renderPet(client, pet(7, { name: 'Rex', status: 'pending' }));

    await screen.findByRole('heading', { level: 1, name: 'Rex' });
    const held = await within(section('Status')).findByText(/^Its status moves with/);
    expect(held.textContent).toBe(
      'Its status moves with order 5, which is placed: approve, deliver or cancel the order instead.',
    );
    expect(within(held).getByRole('link', { name: 'order 5' }).getAttribute('href')).toBe(
      '/admin/orders?petId=7',
    );
    expect(within(section('Status')).queryAllByRole('button')).toEqual([]);
    expect(section('Delete').textContent).toContain('It cannot be deleted while order 5 is open.');
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();

    const orders = within(section('Orders')).getAllByRole('listitem');
    expect(orders.map((item) => item.textContent.split(',')[0])).toEqual([
      'Order 5 placed by Zoo Shop',
      'Order 3 cancelled by Zoo Shop',
    ]);
    expect(
      within(orders[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/admin/accounts/2');
  });

  it('moves the status and reads the history again', async () => {
    const client = staffClient();
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Rex', status: 'sold' })));
    const { user } = renderPet(client, pet(7, { name: 'Rex' }));
    const history = await screen.findByRole('region', { name: 'History' });
    await waitFor(() => {
      expect(history.textContent).toContain('Created');
    });

    client.admin.listAudit.mockResolvedValue(
      auditPage([auditEvent(2, { actor: 'cli', changes: { status: ['available', 'sold'] } })]),
    );
    client.getPet.mockResolvedValue(result(pet(7, { name: 'Rex', status: 'sold' })));
    await user.click(await screen.findByRole('button', { name: 'Mark sold' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { status: 'sold' });
    expect(await screen.findByText('Rex is now sold.')).toBeDefined();
    await waitFor(() => {
      expect(history.textContent).toContain('status: available → sold');
    });
    await waitFor(() => {
      expect(
        within(section('Status'))
          .getAllByRole('button')
          .map((button) => button.textContent),
      ).toEqual(['Mark available']);
    });
  });

  it('corrects a name and category; a refused value shows on its field', async () => {
    const client = staffClient();
    const answer = deferred<ApiResult<Pet>>();
    client.updatePet.mockReturnValue(answer.promise);
    const { user } = renderPet(client, pet(7, { name: 'Rex', categoryId: 3 }));

    const form = await screen.findByRole('form', { name: 'Edit Rex' });
    const name = within(form).getByLabelText<HTMLInputElement>('Name');
    const category = within(form).getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(category.disabled).toBe(false);
    });
    expect([name.value, category.value]).toEqual(['Rex', '3']);
    expect(category.selectedOptions[0]?.text).toBe('Birds');

    // Nothing changed: nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).not.toHaveBeenCalled();
    expect(form.textContent).toContain('Nothing to save');

    // The contract's words, on the field, before anything is sent.
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).not.toHaveBeenCalled();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Name must not be empty.');
    expect(document.activeElement).toBe(name);

    // Only the changed field is sent; the API refuses it and the field says why.
    await user.clear(name);
    await user.type(name, 'Rexy');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { name: 'Rexy' });
    answer.reject(invalidBody('name', 'must not contain control characters'));
    await waitFor(() => {
      expect(name.getAttribute('aria-invalid')).toBe('true');
    });
    expect(document.activeElement).toBe(name);
  });

  it('moves a pet to a category in use; its own archived category stays offered, marked', async () => {
    const client = staffClient();
    client.listCategories.mockResolvedValue(
      categoriesPage([
        category(1, 'Dogs'),
        category(2, 'Ferrets', { archived: true }),
        category(3, 'Birds', { archived: true }),
      ]),
    );
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Slinky', categoryId: 1 })));
    const { user } = renderPet(client, pet(7, { name: 'Slinky', categoryId: 2 }));

    const select = await screen.findByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect([...select.options].map((option) => option.text)).toEqual([
        'Dogs',
        'Ferrets (archived)',
      ]);
    });
    expect(select.value).toBe('2');
    expect(screen.getByRole('link', { name: 'Ferrets (archived)' })).toBeDefined();
    await user.selectOptions(select, 'Dogs');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { categoryId: 1 });
    await screen.findByText('Saved Slinky (id 7).');
  });

  it('offers a pet of an old release its unknown category as it is, and saves a name alone', async () => {
    const client = staffClient();
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Older', categoryId: 40 })));
    const { user } = renderPet(client, pet(7, { name: 'Old', categoryId: 40 }));

    const select = await screen.findByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(select.selectedOptions[0]?.text).toBe('Category 40 (unknown)');
    });
    expect(screen.getByRole('link', { name: 'Category 40 (unknown)' })).toBeDefined();
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Older');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { name: 'Older' });
  });

  it('deletes the pet only after a dialog that names it, and says it is gone', async () => {
    const client = staffClient();
    client.deletePet.mockResolvedValue(result(undefined, { status: 204 }));
    const { user } = renderPet(client, pet(7, { name: 'Rex' }));

    await user.click(await screen.findByRole('button', { name: 'Delete Rex' }));
    expect(screen.getByRole('dialog', { name: 'Delete Rex (id 7)?' })).toBeDefined();
    await user.click(dialogButton('Keep Rex'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(client.deletePet).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Delete Rex' }));
    await user.click(dialogButton('Delete Rex'));
    expect(client.deletePet).toHaveBeenCalledWith(7);
    const said = await screen.findByText('Deleted Rex (id 7).');
    expect(said.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to Pets' })).toBeDefined();
  });

  it('says why a delete was refused, with the request id', async () => {
    const client = staffClient();
    client.deletePet.mockRejectedValue(
      apiError({ ...PROBLEMS.petHasOpenOrder, status: 409, requestId: 'req-9' }),
    );
    const { user } = renderPet(client, pet(7, { name: 'Rex' }));
    await user.click(await screen.findByRole('button', { name: 'Delete Rex' }));
    await user.click(dialogButton('Delete Rex'));
    expect(
      await within(section('Delete')).findByText(
        `Rex was not deleted. ${PROBLEMS.petHasOpenOrder.message}`,
      ),
    ).toBeDefined();
    expect(
      within(section('Delete')).getByRole('button', { name: 'Copy request id' }),
    ).toBeDefined();
  });
});

describe('a pet that is not there', () => {
  it('says no pet has that id, with the way back to the pets', async () => {
    const client = staffClient();
    client.getPet.mockRejectedValue(
      apiError({ code: 'not_found', status: 404, message: 'No pet has id 7.' }),
    );
    renderPet(client, undefined);
    const heading = await screen.findByRole('heading', { level: 1, name: 'Pet not found' });
    expect(document.activeElement).toBe(heading);
    expect(screen.getByText('No pet has id 7: it was removed, or never existed.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to Pets' }).getAttribute('href')).toBe(
      '/admin/pets',
    );
  });

  it('asks the API nothing for an address that cannot name a pet', async () => {
    const client = staffClient();
    renderPet(client, undefined, '/admin/pets/rex');
    expect(await screen.findByText('This address names no pet.')).toBeDefined();
    expect(client.getPet).not.toHaveBeenCalled();
  });
});

describe("a pet's page, for a partner", () => {
  it('lets a partner change its own pet, without history or Delete', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    renderPet(client, pet(7, { name: 'Rex', status: 'sold' }));

    await screen.findByRole('form', { name: 'Edit Rex' });
    expect(client.listPets).toHaveBeenCalledWith(
      { owner: 'me', name: 'Rex', limit: 100 },
      expect.anything(),
    );
    expect(screen.getByText('Your account')).toBeDefined();
    await waitFor(() => {
      expect(section('Status').textContent).toContain(
        'Only staff put a sold pet back on offer, after it is returned.',
      );
    });
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Delete' })).toBeNull();
    expect(client.admin.listAudit).not.toHaveBeenCalled();
    expect(
      await within(section('Orders')).findByText('Your account has no orders of this pet.'),
    ).toBeDefined();
  });

  it("shows another account's pet to read, and adopts it only after asking", async () => {
    const client = createFakeClient();
    client.placeOrder.mockResolvedValue({
      ...result(order(5, { petId: 7 }), { status: 201 }),
      idempotencyKey: 'key-1',
      location: undefined,
    });
    const { user } = renderPet(client, pet(7, { name: 'Rex' }));

    const adopt = await screen.findByRole('button', { name: 'Adopt Rex' });
    expect(
      screen.getByText('Another account’s pet: only staff and that account change it.'),
    ).toBeDefined();
    expect(screen.getByText('Another account')).toBeDefined();
    expect(screen.queryByRole('form', { name: 'Edit Rex' })).toBeNull();
    // Its profile is there to read, not to change.
    const profile = await screen.findByRole('form', { name: 'Profile of Rex' });
    expect(within(profile).getByLabelText('Breed').closest('fieldset')?.disabled).toBe(true);
    expect(within(profile).queryByRole('button', { name: 'Save profile' })).toBeNull();
    expect(screen.queryByLabelText('Choose photos')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Mark/ })).toBeNull();

    await user.click(adopt);
    const dialog = screen.getByRole('dialog', { name: 'Adopt Rex?' });
    expect(dialog.textContent).toContain('This places an order for Rex (id 7).');
    await user.click(dialogButton('Not now'));
    expect(client.placeOrder).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Adopt Rex' }));
    await user.click(dialogButton('Adopt Rex'));
    expect(client.placeOrder).toHaveBeenCalledWith({ petId: 7 }, expect.anything());
    expect(await screen.findByText(/^Ordered Rex \(id 7\): order 5 is placed/)).toBeDefined();
  });
});

describe('from the list to a pet and back', () => {
  it('opens the page from its name, and Back to Pets returns focus to it', async () => {
    const client = staffClient();
    client.listPets.mockResolvedValue(petsPage([pet(6), pet(7, { name: 'Rex' })]));
    client.getPet.mockResolvedValue(result(pet(7, { name: 'Rex' })));
    const { user } = renderApp(client, { url: '/admin/pets?name=Re' });

    await user.click(await screen.findByRole('link', { name: 'Rex' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Rex' });
    expect(screen.queryByRole('table')).toBeNull();
    await user.click(screen.getByRole('link', { name: 'Back to Pets' }));
    await waitFor(() => {
      expect(window.location.search).toBe('?name=Re');
    });
    expect(window.location.pathname).toBe('/admin/pets');
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Rex' }));
    });
    expect(heading.isConnected).toBe(false);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
