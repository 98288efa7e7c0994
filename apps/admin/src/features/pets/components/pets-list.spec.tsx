/**
 * Proves the pets page: the table, filters and paging kept in the address, loading, errors, the
 * rate limit and a 429, changing status, deleting and correcting pets, categories by name (chosen
 * from a list, an archived one shown as such, an unknown id as unknown), and what partners and
 * staff may each do.
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiResult, Pet } from '@pets/client';
import {
  account,
  apiError,
  categoriesPage,
  category,
  createFakeClient,
  invalidBody,
  deferred,
  order,
  ordersPage,
  pet,
  petsPage,
  rateLimit,
  rateLimited,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { findRow, getRow } from '../../../testing/queries.js';
import { renderWithApp } from '../../../testing/render.js';
import { Layout } from '../../../app/layout.js';
import { PetsRoute } from '../../../app/routes/pets.js';
import { PetsPage } from './pets-page.js';

const pets = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => pet(from + index));

/** The first button of that name: of the two pagers, the one above the table. */
const button = (name: string) => {
  const [first] = screen.getAllByRole<HTMLButtonElement>('button', { name });
  if (!first) throw new Error(`No button ${name}`);
  return first;
};
/** The pets page inside the app's layout, which shows the rate limit. */
const withLayout = (
  <Layout>
    <PetsPage />
  </Layout>
);
const listStatus = () => document.querySelector('.list-status')?.textContent;
/** The button that shows a pet's status and opens its moves. */
const statusOf = (name: string) =>
  screen.findByRole('button', { name: new RegExp(`^Status of ${name}: `) });
/** Opens a pet's moves and chooses one. */
async function moveTo(
  user: ReturnType<typeof renderWithApp>['user'],
  name: string,
  status: string,
) {
  await user.click(await statusOf(name));
  await user.click(
    within(screen.getByRole('list', { name: `Move ${name} to` })).getByRole('button', {
      name: status,
    }),
  );
}

describe('the pets table', () => {
  it('shows id, name, category and status', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(
      petsPage([pet(7, { name: 'Rex', categoryId: 3, status: 'pending' })]),
    );
    renderWithApp(<PetsPage />, client);

    const row = (await screen.findByRole('cell', { name: 'Rex' })).closest('tr');
    await waitFor(() => {
      expect([...(row?.cells ?? [])].slice(1, 4).map((cell) => cell.textContent)).toEqual([
        '7',
        'Rex',
        'Birds',
      ]);
    });
    expect((await statusOf('Rex')).textContent).toBe('pending ▾');
    expect(listStatus()).toBe('Pets 1 of 1.');
  });

  it("names each pet's category: an archived one as archived, an id no category has as unknown", async () => {
    const client = createFakeClient();
    client.listCategories
      .mockResolvedValueOnce(categoriesPage([category(1, 'Dogs')], 'more'))
      .mockResolvedValueOnce(categoriesPage([category(2, 'Ferrets', { archived: true })]));
    client.listPets.mockResolvedValue(
      petsPage([
        pet(7, { name: 'Rex', categoryId: 1 }),
        pet(8, { name: 'Slinky', categoryId: 2 }),
        pet(9, { name: 'Old', categoryId: 40 }),
      ]),
    );
    renderWithApp(<PetsPage />, client);
    const categoryOf = (name: string) =>
      screen.getByRole('cell', { name }).closest('tr')?.cells[2]?.textContent;
    await screen.findByRole('cell', { name: 'Rex' });
    await waitFor(() => {
      expect(categoryOf('Rex')).toBe('Dogs');
    });
    expect(categoryOf('Slinky')).toBe('Ferrets (archived)');
    expect(categoryOf('Old')).toBe('Category 40 (unknown)');
    // Every page of categories, read once, as many as a page may hold.
    expect(client.listCategories.mock.calls.map(([query]) => query)).toEqual([
      { limit: 100 },
      { limit: 100, cursor: 'more' },
    ]);
  });

  it('reads the filter and page size from the URL and writes changes back', async () => {
    const client = createFakeClient();
    const { user } = renderWithApp(<PetsPage />, client, {
      url: '/admin/pets?status=sold&limit=50',
    });

    await waitFor(() => {
      expect(client.listPets).toHaveBeenCalledWith(
        { status: 'sold', limit: 50, cursor: undefined },
        expect.anything(),
      );
    });
    expect(screen.getByLabelText<HTMLSelectElement>('Filter by status').value).toBe('sold');
    expect(screen.getByLabelText<HTMLSelectElement>('Pets per page').value).toBe('50');

    await user.selectOptions(screen.getByLabelText('Filter by status'), 'pending');
    expect(window.location.search).toBe('?status=pending&limit=50');
    await user.selectOptions(screen.getByLabelText('Pets per page'), '100');
    expect(window.location.search).toBe('?status=pending&limit=100');
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'All');
    expect(window.location.search).toBe('?limit=100');
    await waitFor(() => {
      expect(client.listPets).toHaveBeenLastCalledWith(
        { status: undefined, limit: 100, cursor: undefined },
        expect.anything(),
      );
    });
  });

  it('pages forward through the cursors and back through the ones it kept', async () => {
    const client = createFakeClient();
    client.listPets.mockImplementation(({ cursor } = {}) =>
      Promise.resolve(
        cursor === undefined
          ? petsPage(pets(1, 2), 'c2')
          : cursor === 'c2'
            ? petsPage(pets(3, 2), 'c3')
            : petsPage(pets(5, 1)),
      ),
    );
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?status=available' });

    await screen.findByRole('cell', { name: 'Pet 1' });
    expect(button('Previous').disabled).toBe(true);
    expect(button('Next').disabled).toBe(false);

    await user.click(button('Next'));
    await screen.findByRole('cell', { name: 'Pet 3' });
    expect(window.location.search).toBe('?status=available&cursor=c2');
    // Pages before this one were full (20), as the API's are.
    expect(listStatus()).toBe('Available pets 21–22 of more than 22.');
    expect(button('Previous').disabled).toBe(false);

    await user.click(button('Next'));
    await screen.findByRole('cell', { name: 'Pet 5' });
    expect(window.location.search).toBe('?status=available&cursor=c3');
    expect(listStatus()).toBe('Available pets 41 of 41.');
    // The last page: the API sent no next link.
    expect(button('Next').disabled).toBe(true);
    expect(document.activeElement).toBe(button('Previous'));

    await user.click(button('Previous'));
    await screen.findByRole('cell', { name: 'Pet 3' });
    expect(window.location.search).toBe('?status=available&cursor=c2');

    await user.click(button('Previous'));
    await screen.findByRole('cell', { name: 'Pet 1' });
    expect(window.location.search).toBe('?status=available');
    expect(button('Previous').disabled).toBe(true);
    expect(client.listPets.mock.calls.map(([query]) => query?.cursor)).toEqual([
      undefined,
      'c2',
      'c3',
    ]);
  });

  it('opens a shared link at its cursor', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage(pets(41, 1)));
    renderWithApp(<PetsPage />, client, { url: '/admin/pets?cursor=c41' });
    await screen.findByRole('cell', { name: 'Pet 41' });
    expect(client.listPets).toHaveBeenCalledWith(
      { status: undefined, limit: 20, cursor: 'c41' },
      expect.anything(),
    );
    expect(button('Previous').disabled).toBe(false);
    expect(listStatus()).toBe('Pets: 1 shown, the end of the list.');
  });

  it('says when no pets match', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([]));
    renderWithApp(<PetsPage />, client);
    expect(await screen.findByText('No pets match.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
    expect(button('Next').disabled).toBe(true);
  });

  it('shows loading, then the error in a live region', async () => {
    const client = createFakeClient();
    client.listPets.mockRejectedValue(
      apiError({ message: 'The database is down.', requestId: 'req-9' }),
    );
    const { user } = renderWithApp(<PetsPage />, client);
    expect(listStatus()).toBe('Loading pets…');
    expect(
      await screen.findByText(
        'The database is down. Retry in a moment; if it happens again, send us the request id.',
      ),
    ).toBeDefined();
    expect(document.querySelector('.list-status')?.getAttribute('aria-live')).toBe('polite');
    // The request id is there to copy, not to read.
    expect(button('Copy request id').title).toBe('req-9');
    expect(listStatus()).not.toContain('req-9');
    client.listPets.mockResolvedValue(petsPage(pets(1, 1)));
    await user.click(button('Retry'));
    await screen.findByRole('cell', { name: 'Pet 1' });
  });

  it('shows the rate limit of the latest answer', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue({ ...petsPage(pets(1, 1)), rateLimit: rateLimit(41, 60) });
    client.listCategories.mockResolvedValue({
      ...categoriesPage([]),
      rateLimit: rateLimit(41, 60),
    });
    renderWithApp(withLayout, client);
    const meter = await screen.findByLabelText<HTMLMeterElement>('Requests left');
    expect(meter.tagName).toBe('METER');
    expect(meter.getAttribute('value')).toBe('41');
    expect(meter.getAttribute('max')).toBe('60');
    expect(meter.closest('header')).not.toBeNull();
    expect(screen.getByText('41 of 60 left this minute')).toBeDefined();
  });
});

describe('after a 429', () => {
  it('counts down, sends nothing meanwhile, then loads again', async () => {
    vi.useFakeTimers();
    const client = createFakeClient();
    client.listPets
      .mockRejectedValueOnce(rateLimited(3))
      .mockResolvedValue({ ...petsPage(pets(1, 1)), rateLimit: rateLimit(59) });
    renderWithApp(withLayout, client);
    const notice = () => document.querySelector('.notice')?.textContent ?? undefined;
    const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
    const waitFor = (time: string) =>
      `Rate limit reached: 60 requests this minute on the free plan. Nothing is sent for ${time}; then the page carries on by itself. What you see stays on screen meanwhile.If this happens often, a plan with higher limits may suit you.`;

    await advance(0);
    expect(notice()).toBe(waitFor('3 s'));
    expect(screen.getByText('0 of 60 left this minute')).toBeDefined();
    expect(button('Add pet').disabled).toBe(true);
    expect(button('Next').disabled).toBe(true);

    await advance(1000);
    expect(notice()).toBe(waitFor('2 s'));
    // A new view meanwhile waits too.
    // (fireEvent: user-event waits on timers that are fake here.)
    fireEvent.change(screen.getByLabelText('Filter by status'), { target: { value: 'sold' } });
    expect(window.location.search).toBe('?status=sold');
    expect(listStatus()).toBe('The pets load when the rate limit allows.');
    await advance(1000);
    expect(notice()).toBe(waitFor('1 s'));
    expect(client.listPets).toHaveBeenCalledTimes(1);

    await advance(1000);
    expect(notice()).toBeUndefined();
    expect(client.listPets).toHaveBeenCalledTimes(2);
    expect(client.listPets).toHaveBeenLastCalledWith(
      { status: 'sold', limit: 20, cursor: undefined },
      expect.anything(),
    );
    await advance(0);
    expect(screen.getByRole('cell', { name: 'Pet 1' })).toBeDefined();
    expect(button('Add pet').disabled).toBe(false);
  });
});

describe('when a page cannot be shown', () => {
  it('keeps the rows on screen through a 429, and says they are the ones loaded before', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValueOnce(petsPage(pets(1, 2))).mockRejectedValue(rateLimited(30));
    const { user } = renderWithApp(withLayout, client);
    await screen.findByRole('cell', { name: 'Pet 2' });
    await user.selectOptions(screen.getByLabelText('Filter by status'), 'sold');
    await screen.findByText(
      'Still showing the pets loaded before the rate limit was reached; this view loads when it allows.',
    );
    expect(screen.getByRole('cell', { name: 'Pet 1' })).toBeDefined();
    expect(screen.getByRole('cell', { name: 'Pet 2' })).toBeDefined();
    expect(document.querySelector('.notice')?.textContent).toContain(
      'Rate limit reached: 60 requests this minute on the free plan.',
    );
  });

  it('offers the first page when the address holds a cursor the API refuses', async () => {
    const client = createFakeClient();
    client.listPets.mockImplementation(({ cursor } = {}) =>
      cursor === undefined
        ? Promise.resolve(petsPage(pets(1, 1)))
        : Promise.reject(
            apiError({
              status: 400,
              code: 'invalid_query',
              message: 'The query string is invalid: cursor is not a valid cursor.',
              details: [{ field: 'cursor', issue: 'is not a valid cursor' }],
            }),
          ),
    );
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?cursor=old' });
    expect(
      await screen.findByText(
        "This page's address holds a position in the list that is no longer valid.",
      ),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    await user.click(button('Back to the first page'));
    expect(window.location.search).toBe('');
    await screen.findByRole('cell', { name: 'Pet 1' });
  });

  it('offers to clear the filters when none match', async () => {
    const client = createFakeClient();
    client.listPets.mockImplementation(({ name } = {}) =>
      Promise.resolve(petsPage(name === undefined ? pets(1, 1) : [])),
    );
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?name=zz' });
    await screen.findByText('No pets match these filters.');
    // One Clear filters, beside the filters, not a second in the empty list.
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
    await user.click(button('Clear filters'));
    expect(window.location.search).toBe('');
    await screen.findByRole('cell', { name: 'Pet 1' });
  });
});

describe('managing pets in the table', () => {
  it('changes a status in place at once, and says so when the API agrees', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'partner' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', status: 'available' })]));
    const answer = deferred<ApiResult<Pet>>();
    client.updatePet.mockReturnValue(answer.promise);
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?owner=me' });

    await user.click(await statusOf('Rex'));
    // A partner's moves from available; sold → available would be staff's only.
    const moves = screen.getByRole('list', { name: 'Move Rex to' });
    expect(
      within(moves)
        .getAllByRole('button')
        .map((move) => move.textContent),
    ).toEqual(['pending', 'sold']);
    expect(document.activeElement?.textContent).toBe('pending');
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', status: 'sold' })]));
    await user.click(within(moves).getByRole('button', { name: 'sold' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { status: 'sold' });
    expect(screen.getByRole('cell', { name: 'sold' })).toBeDefined();
    answer.resolve(result(pet(7, { name: 'Rex', status: 'sold' })));
    const said = await screen.findByText('Rex is now sold.');
    expect(said.getAttribute('role')).toBe('status');
    expect(said.className).toBe('status-message');
    expect(document.activeElement).toBe(said);
    // A partner cannot move a sold pet on: no moves are offered.
    expect(screen.queryByRole('button', { name: /^Status of Rex/ })).toBeNull();
  });

  it('saves nothing while the keyboard passes over the statuses: a move is chosen, then made', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'partner' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', status: 'available' })]));
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Rex', status: 'pending' })));
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?owner=me' });
    const control = await screen.findByLabelText(/^Status of Rex/);
    control.focus();
    await user.keyboard('{ArrowDown}');
    // What Chromium does with an arrow key on a closed select: the next option, and a change event.
    if (control instanceof HTMLSelectElement)
      fireEvent.change(control, { target: { value: control.options[1]?.value } });
    await user.keyboard('{ArrowDown}{ArrowUp}');
    expect(client.updatePet).not.toHaveBeenCalled();

    // Enter opens the moves; Escape closes them, changing nothing, and focus goes back.
    await user.keyboard('{Enter}');
    expect(screen.getByRole('list', { name: 'Move Rex to' })).toBeDefined();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('list', { name: 'Move Rex to' })).toBeNull();
    expect(document.activeElement).toBe(control);
    expect(client.updatePet).not.toHaveBeenCalled();
    // Enter on a move makes it.
    await user.keyboard('{Enter}{Enter}');
    expect(client.updatePet).toHaveBeenCalledWith(7, { status: 'pending' });
  });

  it('puts the row back and says why when the API refuses the move', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', status: 'pending' })]));
    client.updatePet.mockRejectedValue(
      apiError({
        status: 409,
        code: 'invalid_transition',
        message:
          'The pet is sold, and its status cannot change: status sold → pending is not allowed.',
      }),
    );
    const { user } = renderWithApp(<PetsPage />, client);
    // Someone else sold Rex meanwhile: the list read after the refusal shows it.
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', status: 'sold' })]));
    await moveTo(user, 'Rex', 'available');
    const said = await screen.findByText(
      'Rex was not changed. The pet is sold, and its status cannot change: status sold → pending is not allowed.',
    );
    expect(said.className).toBe('status-message failed');
    await waitFor(async () => {
      expect((await statusOf('Rex')).textContent).toBe('sold ▾');
    });
  });

  it('deletes for staff after a confirmation that names the pet', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' }), pet(8, { name: 'Tom' })]));
    client.deletePet.mockResolvedValue(result(undefined, { status: 204 }));
    const { user } = renderWithApp(<PetsPage />, client);

    await user.click(await screen.findByRole('button', { name: 'Delete Rex' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Rex (id 7)?' });
    expect(dialog.textContent).toContain('Its history is kept.');
    await user.click(screen.getByRole('button', { name: 'Keep Rex' }));
    expect(client.deletePet).not.toHaveBeenCalled();

    client.listPets.mockResolvedValue(petsPage([pet(8, { name: 'Tom' })]));
    await user.click(screen.getByRole('button', { name: 'Delete Rex' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete Rex (id 7)?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Rex' }));
    expect(client.deletePet).toHaveBeenCalledWith(7);
    expect(await screen.findByText('Deleted Rex (id 7).')).toBeTruthy();
    await waitFor(() => {
      expect(screen.queryByRole('cell', { name: 'Rex' })).toBeNull();
    });
  });

  it('gives partners no delete button', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    renderWithApp(<PetsPage />, client, { url: '/admin/pets?owner=me' });
    await statusOf('Rex');
    expect(screen.queryByRole('button', { name: 'Delete Rex' })).toBeNull();
  });

  it('shows partners edit controls only in My pets, the pets their account added', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    const { user } = renderWithApp(<PetsPage />, client);
    await screen.findByRole('cell', { name: 'Rex' });
    expect(screen.queryByLabelText(/^Status of Rex/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rex' })).toBeNull();
    expect(screen.getByText('To change the pets your account added, show My pets.')).toBeDefined();

    client.listPets.mockResolvedValue(petsPage([]));
    await user.selectOptions(screen.getByLabelText('Show'), 'My pets');
    expect(window.location.search).toBe('?owner=me');
    await waitFor(() => {
      expect(client.listPets).toHaveBeenLastCalledWith(
        { status: undefined, owner: 'me', limit: 20, cursor: undefined },
        expect.anything(),
      );
    });
    expect(await screen.findByText('Your account has not added any pets.')).toBeDefined();
  });

  it('shows partners no history in a pet panel, even where the app gives one', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    const { user } = renderWithApp(<PetsRoute />, client, { url: '/admin/pets?owner=me' });
    await user.click(await screen.findByRole('button', { name: 'Rex' }));
    await screen.findByRole('complementary');
    expect(screen.queryByRole('region', { name: 'History' })).toBeNull();
    expect(client.admin.listAudit).not.toHaveBeenCalled();
  });

  it('shows staff no choice of owner: they change every pet', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    renderWithApp(<PetsPage />, client);
    await statusOf('Rex');
    expect(screen.queryByLabelText('Show')).toBeNull();
    expect(screen.getByRole('button', { name: 'Rex' })).toBeDefined();
  });

  it('searches as it is typed, once typing pauses, with the category, kept in the address, and clears the filters', async () => {
    const client = createFakeClient();
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?status=available' });
    await waitFor(() => {
      expect(client.listPets).toHaveBeenCalledTimes(1);
    });
    const lengthBefore = window.history.length;
    await user.type(screen.getByLabelText('Search'), ' jr');
    // One request once typing pauses, not one per key; the address is rewritten, not added to.
    await waitFor(() => {
      expect(window.location.search).toBe('?q=jr&status=available');
    });
    await waitFor(() => {
      expect(client.listPets).toHaveBeenLastCalledWith(
        { status: 'available', q: 'jr', limit: 20, cursor: undefined },
        expect.anything(),
      );
    });
    expect(client.listPets).toHaveBeenCalledTimes(2);
    expect(window.history.length).toBe(lengthBefore);

    const select = screen.getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(select.options).toHaveLength(7);
    });
    await user.selectOptions(select, 'Birds');
    await waitFor(() => {
      expect(client.listPets).toHaveBeenLastCalledWith(
        { status: 'available', q: 'jr', categoryId: 3, limit: 20, cursor: undefined },
        expect.anything(),
      );
    });
    expect(window.location.search).toBe('?q=jr&status=available&categoryId=3');
    expect(await screen.findByText('No pets match these filters.')).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Clear filters' })).toHaveLength(1);
    await user.click(button('Clear filters'));
    expect(window.location.search).toBe('?status=available');
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('');
    expect(select.value).toBe('');
  });

  it('searches at once on Enter, and shows the search of an address opened', async () => {
    const client = createFakeClient();
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?q=biscuit' });
    expect(screen.getByLabelText<HTMLInputElement>('Search').value).toBe('biscuit');
    await user.clear(screen.getByLabelText('Search'));
    await user.type(screen.getByLabelText('Search'), 'waf{Enter}');
    expect(window.location.search).toBe('?q=waf');
  });

  it('sorts by name and id from the headers, marked with aria-sort, from the first page', async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage(pets(1, 2), 'c2'));
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?cursor=c2' });
    const header = async (name: string) =>
      (await screen.findByRole('button', { name: new RegExp(`^${name}`) })).closest('th');
    expect((await header('Id'))?.getAttribute('aria-sort')).toBe('ascending');
    expect((await header('Name'))?.hasAttribute('aria-sort')).toBe(false);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(window.location.search).toBe('?sort=name');
    await waitFor(() => {
      expect(client.listPets).toHaveBeenLastCalledWith(
        { status: undefined, sort: 'name', limit: 20, cursor: undefined },
        expect.anything(),
      );
    });
    expect((await header('Name'))?.getAttribute('aria-sort')).toBe('ascending');
    expect((await header('Id'))?.hasAttribute('aria-sort')).toBe(false);
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    expect(window.location.search).toBe('?sort=-name');
    expect((await header('Name'))?.getAttribute('aria-sort')).toBe('descending');
    await user.click(screen.getByRole('button', { name: /^Id/ }));
    expect(window.location.search).toBe('');
    await user.click(screen.getByRole('button', { name: /^Id/ }));
    expect(window.location.search).toBe('?sort=-id');
    expect((await header('Id'))?.getAttribute('aria-sort')).toBe('descending');
    // On a phone the headers are hidden: Sort by does the same.
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('-id');
    await user.selectOptions(screen.getByLabelText('Sort by'), 'Name, Z to A');
    expect(window.location.search).toBe('?sort=-name');
  });

  it('keeps a link with a category id working: the filter shows its name, or that it is unknown', async () => {
    const client = createFakeClient();
    client.listCategories.mockResolvedValue(
      categoriesPage([category(1, 'Dogs'), category(2, 'Ferrets', { archived: true })]),
    );
    renderWithApp(<PetsPage />, client, { url: '/admin/pets?categoryId=2' });
    const select = screen.getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(select.selectedOptions[0]?.text).toBe('Ferrets (archived)');
    });
    expect(client.listPets).toHaveBeenCalledWith(
      expect.objectContaining({ categoryId: 2 }),
      expect.anything(),
    );
    cleanup();

    renderWithApp(<PetsPage />, client, { url: '/admin/pets?categoryId=40' });
    const unknown = screen.getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(unknown.selectedOptions[0]?.text).toBe('Category 40 (unknown)');
    });
    expect([...unknown.options].map((option) => option.text)).toEqual([
      'All',
      'Category 40 (unknown)',
      'Dogs',
      'Ferrets (archived)',
    ]);
  });

  it('corrects a name and category beside the table; a refused value shows on its field and the row goes back', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', categoryId: 3 })]));
    client.admin.listAudit.mockResolvedValue({ ...result([]), next: undefined });
    const answer = deferred<ApiResult<Pet>>();
    client.updatePet.mockReturnValue(answer.promise);
    const { user } = renderWithApp(<PetsPage />, client);

    await user.click(await screen.findByRole('button', { name: 'Rex' }));
    const panel = screen.getByRole('complementary', { name: 'Rex (id 7)' });
    expect(document.activeElement).toBe(within(panel).getByRole('heading', { level: 2 }));
    const name = within(panel).getByLabelText<HTMLInputElement>('Name');
    const category = within(panel).getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(category.disabled).toBe(false);
    });
    expect([name.value, category.value]).toEqual(['Rex', '3']);
    expect(category.selectedOptions[0]?.text).toBe('Birds');
    expect(panel.textContent).toContain('Category: Birds');

    // Nothing changed: nothing is sent.
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).not.toHaveBeenCalled();
    expect(panel.textContent).toContain('Nothing to save');

    // The contract's words, on the field, before anything is sent.
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).not.toHaveBeenCalled();
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(name.getAttribute('aria-describedby') ?? '');
    expect(described?.textContent).toBe('Name must not be empty.');
    expect(document.activeElement).toBe(name);

    // Only the changed field is sent; the row shows it at once.
    await user.clear(name);
    await user.type(name, 'Rexy');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { name: 'Rexy' });
    expect(screen.getByRole('button', { name: 'Rexy' })).toBeDefined();
    // The API refuses it: the field says why and the row is Rex again.
    answer.reject(invalidBody('name', 'must not contain control characters'));
    await waitFor(() => {
      expect(screen.getByRole('button', { name: 'Rex' })).toBeDefined();
    });
    const nameNow = within(screen.getByRole('complementary')).getByLabelText('Name');
    await waitFor(() => {
      expect(nameNow.getAttribute('aria-invalid')).toBe('true');
    });
    expect(document.activeElement).toBe(nameNow);

    // Closing hands focus back to the pet's button.
    await user.click(screen.getByRole('button', { name: 'Close Rex' }));
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Rex' }));
  });

  it('moves a pet to a category in use; its own archived category stays offered, marked, until it moves', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listCategories.mockResolvedValue(
      categoriesPage([
        category(1, 'Dogs'),
        category(2, 'Ferrets', { archived: true }),
        category(3, 'Birds', { archived: true }),
      ]),
    );
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Slinky', categoryId: 2 })]));
    client.admin.listAudit.mockResolvedValue({ ...result([]), next: undefined });
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Slinky', categoryId: 1 })));
    const { user } = renderWithApp(<PetsPage />, client);

    await user.click(await screen.findByRole('button', { name: 'Slinky' }));
    const panel = screen.getByRole('complementary', { name: 'Slinky (id 7)' });
    const select = within(panel).getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect([...select.options].map((option) => option.text)).toEqual([
        'Dogs',
        'Ferrets (archived)',
      ]);
    });
    expect(select.value).toBe('2');
    await user.selectOptions(select, 'Dogs');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { categoryId: 1 });
    await screen.findByText('Saved Slinky (id 7).');
  });

  it('offers a pet of an old release its unknown category as it is, and saves a name alone', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Old', categoryId: 40 })]));
    client.admin.listAudit.mockResolvedValue({ ...result([]), next: undefined });
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Older', categoryId: 40 })));
    const { user } = renderWithApp(<PetsPage />, client);

    await user.click(await screen.findByRole('button', { name: 'Old' }));
    const panel = screen.getByRole('complementary', { name: 'Old (id 7)' });
    const select = within(panel).getByLabelText<HTMLSelectElement>('Category');
    await waitFor(() => {
      expect(select.selectedOptions[0]?.text).toBe('Category 40 (unknown)');
    });
    expect(panel.textContent).toContain('Category: Category 40 (unknown)');
    const name = within(panel).getByLabelText('Name');
    await user.clear(name);
    await user.type(name, 'Older');
    await user.click(within(panel).getByRole('button', { name: 'Save' }));
    expect(client.updatePet).toHaveBeenCalledWith(7, { name: 'Older' });
  });

  it("shows staff a pet's history beside it, read again after a change", async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex', status: 'available' })]));
    const created = {
      id: 1,
      at: '2030-01-01T10:00:00.000Z',
      actor: { accountId: 2, keyId: 5 },
      action: 'pet.created' as const,
      target: { type: 'pet' as const, id: 7 },
      changes: { name: [null, 'Rex'], categoryId: [null, 1], status: [null, 'available'] },
    };
    client.admin.listAudit.mockResolvedValue({ ...result([created]), next: undefined });
    client.updatePet.mockResolvedValue(result(pet(7, { name: 'Rex', status: 'sold' })));
    const { user } = renderWithApp(<PetsRoute />, client);

    await user.click(await screen.findByRole('button', { name: 'Rex' }));
    const history = await screen.findByRole('region', { name: 'History' });
    expect(client.admin.listAudit).toHaveBeenCalledWith(
      { targetType: 'pet', targetId: 7, limit: 20 },
      expect.anything(),
    );
    await waitFor(() => {
      expect(history.textContent).toContain('Created');
    });
    expect(history.textContent).toContain('by account 2 (key 5)');
    expect(history.textContent).toContain('name: Rex');
    await waitFor(() => {
      expect(history.textContent).toContain('Category: Dogs');
    });

    client.admin.listAudit.mockResolvedValue({
      ...result([
        {
          ...created,
          id: 2,
          action: 'pet.updated' as const,
          actor: 'cli' as const,
          changes: { status: ['available', 'sold'] },
        },
        created,
      ]),
      next: undefined,
    });
    await moveTo(user, 'Rex', 'sold');
    await waitFor(() => {
      expect(history.textContent).toContain('status: available → sold');
    });
    expect(history.textContent).toContain('Changed');
    expect(history.textContent).toContain('by the command-line tool');
  });
});

describe('pets held by an open order', () => {
  it('offers staff no move and no Delete on them, and links the order that holds each', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(
      petsPage([
        pet(4, { name: 'Polly', status: 'pending' }),
        pet(5, { name: 'Rex', status: 'pending' }),
        pet(6, { name: 'Tom', status: 'available' }),
      ]),
    );
    client.listOrders.mockImplementation(({ status } = {}) =>
      Promise.resolve(ordersPage(status === 'approved' ? [order(31, { petId: 4, status })] : [])),
    );
    renderWithApp(<PetsPage />, client);
    const polly = await findRow('Polly', 'cell');
    await waitFor(() => {
      expect(within(polly).queryByRole('button', { name: 'Delete Polly' })).toBeNull();
    });
    expect(within(polly).queryByRole('button', { name: /^Status of Polly/ })).toBeNull();
    const held = within(polly).getByRole('link', { name: /^held by order 31/ });
    expect(held.getAttribute('href')).toBe('/admin/orders?petId=4');
    expect(held.textContent).toContain('no move or delete until it is delivered or cancelled');
    // Rex, pending with no open order, is offered both.
    const rex = getRow('Rex', 'cell');
    expect(within(rex).getByRole('button', { name: 'Delete Rex' })).toBeDefined();
    expect(within(rex).getByRole('button', { name: /^Status of Rex/ })).toBeDefined();
    // Two requests for the page, whatever it holds: never one a row.
    expect(client.listOrders.mock.calls.map(([query]) => query)).toEqual([
      { status: 'placed', sort: '-id', limit: 100 },
      { status: 'approved', sort: '-id', limit: 100 },
    ]);
  });
});
