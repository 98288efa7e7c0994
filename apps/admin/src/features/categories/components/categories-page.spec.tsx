/**
 * Proves the Categories page: staff see each category's name, pets and whether it is archived, a
 * page at a time; create one (a name taken, whatever its case, said on the field; one idempotency
 * key for the same name), rename one, and archive or restore one after a dialog that says what that
 * does to its pets. Partners are told it is not theirs, and nothing is asked of the API.
 */
import type { Category, CreatedCategory } from '@pets/client';
import { CATEGORY_NAME_MAX_LENGTH } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  account,
  apiError,
  categoriesPage,
  category,
  createFakeClient,
  deferred,
  type FakeClient,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { findRow, labelledCells, messageOf } from '../../../testing/queries.js';
import { CategoriesPage } from './categories-page.js';

const DOGS = category(1, 'Dogs', { petCount: 12 });
const FERRETS = category(2, 'Ferrets', { archived: true, petCount: 1 });

/** Staff on the Categories page, the API answering Dogs and Ferrets. */
function asStaff(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  signInAs(client, account({ role: 'staff', name: 'Head Office' }));
  client.listCategories.mockResolvedValue(categoriesPage([DOGS, FERRETS]));
  prepare(client);
  return { client, ...renderWithApp(<CategoriesPage />, client, { url: '/admin/categories' }) };
}

const created = (body: Category, idempotencyKey = 'k'): CreatedCategory => ({
  ...result(body),
  status: 201,
  idempotencyKey,
  location: `http://localhost:3000/v1/categories/${body.id}`,
});

describe('the Categories page', () => {
  it('lists each category with its pets and whether it is archived, a page at a time', async () => {
    const { client } = asStaff((fake) => {
      fake.listCategories.mockImplementation(({ cursor } = {}) =>
        Promise.resolve(
          cursor === undefined
            ? categoriesPage([DOGS, FERRETS], 'later')
            : categoriesPage([category(3, 'Birds')]),
        ),
      );
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Categories' })).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Every category' });
    expect(labelledCells(await findRow('Dogs'))).toEqual(['Pets: 12', 'Status: In use']);
    expect(labelledCells(await findRow('Ferrets'))).toEqual(['Pets: 1', 'Status: Archived']);
    expect(within(table).getByRole('button', { name: 'Archive Dogs' })).toBeDefined();
    expect(within(table).getByRole('button', { name: 'Restore Ferrets' })).toBeDefined();
    expect(client.listCategories).toHaveBeenCalledWith({ limit: 20 }, expect.anything());

    await screen.findByRole('navigation', { name: 'Pages of categories' });
    const [next] = screen.getAllByRole('button', { name: 'Next' });
    next?.click();
    await findRow('Birds');
    expect(window.location.search).toBe('?cursor=later');
    expect(client.listCategories).toHaveBeenCalledWith(
      { limit: 20, cursor: 'later' },
      expect.anything(),
    );
  });

  it('creates a category, sent once while pending, and says so', async () => {
    const { client, user } = asStaff();
    const answer = deferred<CreatedCategory>();
    client.createCategory.mockReturnValue(answer.promise);
    const name = screen.getByLabelText<HTMLInputElement>('Name');
    expect(document.getElementById(name.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      `Up to ${CATEGORY_NAME_MAX_LENGTH} characters, unlike any other category's name.`,
    );
    await user.type(name, 'Birds');
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await user.click(screen.getByRole('button', { name: 'Creating…' }));
    expect(client.createCategory).toHaveBeenCalledTimes(1);
    expect(client.createCategory.mock.calls[0]?.[0]).toEqual({ name: 'Birds' });
    expect(client.createCategory.mock.calls[0]?.[1]?.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);

    client.listCategories.mockResolvedValue(categoriesPage([DOGS, FERRETS, category(3, 'Birds')]));
    answer.resolve(created(category(3, 'Birds')));
    const said = await screen.findByText('Created the category Birds (id 3).');
    await waitFor(() => {
      expect(document.activeElement).toBe(said);
    });
    expect(name.value).toBe('');
    await findRow('Birds');
  });

  it('refuses a name in the words of the contract before sending it', async () => {
    const { client, user } = asStaff();
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    const name = screen.getByLabelText('Name');
    expect(messageOf(name)).toBe('Name must not be empty.');
    await user.type(name, 'x'.repeat(CATEGORY_NAME_MAX_LENGTH + 1));
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    expect(messageOf(name)).toBe(`Name must be at most ${CATEGORY_NAME_MAX_LENGTH} characters.`);
    expect(document.activeElement).toBe(name);
    expect(client.createCategory).not.toHaveBeenCalled();
  });

  it('says on the field which category has a name already, whatever its case; the same name keeps its key', async () => {
    const { client, user } = asStaff();
    client.createCategory.mockRejectedValue(
      apiError({
        code: 'name_taken',
        status: 409,
        message: 'Another category has this name.',
      }),
    );
    const name = screen.getByLabelText('Name');
    await findRow('Dogs');
    await user.type(name, 'DOGS');
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => {
      expect(messageOf(name)).toBe(
        'Another category is already called “Dogs”: names are the same whatever their case, width or invisible characters.',
      );
    });
    expect(document.activeElement).toBe(name);

    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => {
      expect(client.createCategory).toHaveBeenCalledTimes(2);
    });
    const keys = client.createCategory.mock.calls.map(([, options]) => options?.idempotencyKey);
    expect(keys[1]).toBe(keys[0]);

    // A holder this page does not know of (created meanwhile elsewhere): said without its name.
    await user.clear(name);
    await user.type(name, 'Llamas');
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await waitFor(() => {
      expect(messageOf(name)).toBe(
        'Another category already has this name, whatever its case, width or invisible characters.',
      );
    });
    expect(client.createCategory.mock.calls[2]?.[1]?.idempotencyKey).not.toBe(keys[0]);
  });

  it('renames in a dialog; a name taken stays on its field, and closing goes back to the button', async () => {
    const { client, user } = asStaff();
    client.updateCategory
      .mockRejectedValueOnce(apiError({ code: 'name_taken', status: 409, message: 'Taken.' }))
      .mockResolvedValueOnce(result({ ...DOGS, name: 'Hounds' }));
    await user.click(within(await findRow('Dogs')).getByRole('button', { name: 'Rename Dogs' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Dogs' });
    const name = within(dialog).getByLabelText<HTMLInputElement>('New name');
    expect(name.value).toBe('Dogs');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(dialog.textContent).toContain('Nothing to save: Dogs already has this name.');
    expect(client.updateCategory).not.toHaveBeenCalled();

    await user.clear(name);
    await user.type(name, 'ferrets');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    await waitFor(() => {
      expect(messageOf(name)).toBe(
        'Another category is already called “Ferrets”: names are the same whatever their case, width or invisible characters.',
      );
    });

    await user.clear(name);
    await user.type(name, 'Hounds');
    await user.click(within(dialog).getByRole('button', { name: 'Save name' }));
    expect(client.updateCategory).toHaveBeenLastCalledWith(1, { name: 'Hounds' });
    await screen.findByText('Renamed Dogs to Hounds.');
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Rename Ferrets' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Rename Ferrets' })).getByRole('button', {
        name: 'Close',
      }),
    );
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rename Ferrets' }));
  });

  it('archives after a dialog that says its pets stay and no pet can be added to it', async () => {
    const { client, user } = asStaff();
    client.updateCategory.mockResolvedValue(result({ ...DOGS, archived: true }));
    await user.click(await screen.findByRole('button', { name: 'Archive Dogs' }));
    const dialog = screen.getByRole('dialog', { name: 'Archive Dogs?' });
    expect(dialog.textContent).toContain('Its 12 pets stay in it, and still show it.');
    expect(dialog.textContent).toContain('No pet can be added to Dogs or moved to it');
    // The safe choice first.
    expect(document.activeElement).toBe(
      within(dialog).getByRole('button', { name: 'Keep in use' }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep in use' }));
    expect(client.updateCategory).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Archive Dogs' }));

    await user.click(screen.getByRole('button', { name: 'Archive Dogs' }));
    await user.click(screen.getByRole('button', { name: 'Archive category' }));
    expect(client.updateCategory).toHaveBeenCalledWith(1, { archived: true });
    await screen.findByText('Archived Dogs: its pets keep it, and no pet can be added to it.');
  });

  it('restores an archived category after asking, and says why when the API refuses', async () => {
    const { client, user } = asStaff();
    client.updateCategory
      .mockRejectedValueOnce(apiError({ message: 'Internal error.' }))
      .mockResolvedValueOnce(result({ ...FERRETS, archived: false }));
    await user.click(await screen.findByRole('button', { name: 'Restore Ferrets' }));
    const dialog = screen.getByRole('dialog', { name: 'Restore Ferrets?' });
    expect(dialog.textContent).toContain('pets can be added to it and moved to it');
    await user.click(within(dialog).getByRole('button', { name: 'Restore category' }));
    expect(client.updateCategory).toHaveBeenCalledWith(2, { archived: false });
    await screen.findByText(/^Internal error\. Retry in a moment/);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Restore Ferrets' }));

    await user.click(screen.getByRole('button', { name: 'Restore Ferrets' }));
    await user.click(screen.getByRole('button', { name: 'Restore category' }));
    await screen.findByText('Restored Ferrets: pets can be added to it again.');
  });

  it('says only the last outcome: a rename after a create, a create after a failure', async () => {
    const { client, user } = asStaff();
    /** The status and error messages the page shows now. */
    const said = () =>
      [...document.querySelectorAll('[role="status"], .error')]
        .map((element) => element.textContent)
        .filter(Boolean);
    client.createCategory.mockResolvedValue(created(category(3, 'Birds')));
    client.updateCategory
      .mockResolvedValueOnce(result({ ...DOGS, name: 'Hounds' }))
      .mockRejectedValueOnce(apiError({ message: 'Internal error.' }));
    await user.type(await screen.findByLabelText('Name'), 'Birds');
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await screen.findByText('Created the category Birds (id 3).');

    await user.click(within(await findRow('Dogs')).getByRole('button', { name: 'Rename Dogs' }));
    const name = within(screen.getByRole('dialog')).getByLabelText('New name');
    await user.clear(name);
    await user.type(name, 'Hounds');
    await user.click(screen.getByRole('button', { name: 'Save name' }));
    await screen.findByText('Renamed Dogs to Hounds.');
    expect(said()).toEqual(['Renamed Dogs to Hounds.']);

    await user.click(screen.getByRole('button', { name: 'Restore Ferrets' }));
    await user.click(screen.getByRole('button', { name: 'Restore category' }));
    await screen.findByText(/^Internal error\./);
    expect(said()).toHaveLength(1);

    client.createCategory.mockResolvedValue(created(category(4, 'Fish')));
    await user.type(screen.getByLabelText('Name'), 'Fish');
    await user.click(screen.getByRole('button', { name: 'Create category' }));
    await screen.findByText('Created the category Fish (id 4).');
    expect(said()).toEqual(['Created the category Fish (id 4).']);
  });

  it('tells a partner it is not allowed, and asks the API nothing', () => {
    const client = createFakeClient();
    renderWithApp(<CategoriesPage />, client, { url: '/admin/categories' });
    expect(screen.getByText(/^Your account is not allowed to manage categories/)).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Create category' })).toBeNull();
    expect(client.listCategories).not.toHaveBeenCalled();
  });
});
