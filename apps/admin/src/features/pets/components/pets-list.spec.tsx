/**
 * Proves the pets page: the table, filters and paging kept in the address, loading, errors, the
 * rate limit and a 429, changing status, deleting pets, categories by name (chosen from a list, an
 * archived one shown as such, an unknown id as unknown), what partners and staff may each do, and
 * each name linking to the pet's page, which Back returns from to that name.
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

  it('shows a status the app does not know as it is, in a neutral badge, with no moves', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(
      petsPage([
        pet(7, { name: 'Rex', status: 'adopted' }),
        pet(8, { name: 'Slinky', status: 'sold' }),
      ]),
    );
    renderWithApp(<PetsPage />, client);

    const rex = await findRow('Rex', 'cell');
    const badge = within(rex).getByText('adopted');
    expect(badge.className).toBe('pet-status pet-status-other');
    // No move is offered from it: the app cannot tell which the API allows.
    expect(within(rex).queryByRole('button', { name: /^Status of Rex/ })).toBeNull();
    expect((await statusOf('Slinky')).className).toBe('pet-status pet-status-sold move-toggle');
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
        { status: 'sold', limit: 50, cursor: undefined, expand: ['photos'] },
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
        { status: undefined, limit: 100, cursor: undefined, expand: ['photos'] },
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
      { status: undefined, limit: 20, cursor: 'c41', expand: ['photos'] },
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
      { status: 'sold', limit: 20, cursor: undefined, expand: ['photos'] },
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
        { status: undefined, owner: 'me', limit: 20, cursor: undefined, expand: ['photos'] },
        expect.anything(),
      );
    });
    expect(await screen.findByText('Your account has not added any pets.')).toBeDefined();
  });

  it("links each pet's name to its page, for partners and staff alike", async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    renderWithApp(<PetsPage />, client, { url: '/admin/pets?name=Re' });
    const link = await screen.findByRole('link', { name: 'Rex' });
    expect(link.getAttribute('href')).toBe('/admin/pets/7');
    expect(link.getAttribute('aria-describedby')).toBe('pet-open-hint');
    expect(screen.queryByRole('complementary')).toBeNull();
    cleanup();

    signInAs(client, account({ role: 'staff' }));
    const { user } = renderWithApp(<PetsPage />, client, { url: '/admin/pets?name=Re' });
    await user.click(await screen.findByRole('link', { name: 'Rex' }));
    // A page of its own: the list's address is where Back returns, noting the pet to focus.
    expect(window.location.pathname).toBe('/admin/pets/7');
    expect(window.history.state).toMatchObject({ list: '/pets?name=Re' });
  });

  it("gives focus back to the pet's link when Back returns from its page", async () => {
    const client = createFakeClient();
    client.listPets.mockResolvedValue(petsPage([pet(6), pet(7, { name: 'Rex' })]));
    renderWithApp(<PetsPage />, client, {
      url: '/admin/pets?name=Re',
      state: { openedPetId: 7 },
    });
    const link = await screen.findByRole('link', { name: 'Rex' });
    await waitFor(() => {
      expect(document.activeElement).toBe(link);
    });
  });

  it('shows staff no choice of owner: they change every pet', async () => {
    const client = createFakeClient();
    signInAs(client, account({ role: 'staff' }));
    client.listPets.mockResolvedValue(petsPage([pet(7, { name: 'Rex' })]));
    renderWithApp(<PetsPage />, client);
    await statusOf('Rex');
    expect(screen.queryByLabelText('Show')).toBeNull();
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
        { status: 'available', q: 'jr', limit: 20, cursor: undefined, expand: ['photos'] },
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
        {
          status: 'available',
          q: 'jr',
          categoryId: 3,
          limit: 20,
          cursor: undefined,
          expand: ['photos'],
        },
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
        { status: undefined, sort: 'name', limit: 20, cursor: undefined, expand: ['photos'] },
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
