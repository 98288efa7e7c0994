/**
 * Proves adding a pet: its category chosen by name from those in use, the contract's checks and
 * the API's issues on their fields, one idempotency key for the same values, one request while
 * pending, and the status chosen sent.
 */
import type { CreatedPet, NewPetInput } from '@pets/client';
import { ARCHIVED_CATEGORY, NAME_MAX_LENGTH, NewPet, toErrorDetails } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { fieldSentence } from '../../../components/ui/field.js';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  categoriesPage,
  category,
  createFakeClient,
  invalidBody,
  deferred,
  type FakeClient,
  pet,
  petsPage,
  result,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
import { messageOf } from '../../../testing/queries.js';
import { PetsPage } from './pets-page.js';

const created = (id: number, body: NewPetInput, idempotencyKey = 'k'): CreatedPet => ({
  ...result(pet(id, { name: body.name, categoryId: body.categoryId })),
  status: 201,
  idempotencyKey,
  location: `http://localhost:3000/v1/pets/${id}`,
});

/** What the contract says about a body: the words the API would send. */
const contractIssues = (body: Record<string, unknown>) => {
  const parsed = NewPet.safeParse(body);
  if (parsed.success) throw new Error('expected the body to be refused');
  return Object.fromEntries(toErrorDetails(parsed.error).map(({ field, issue }) => [field, issue]));
};

/** The pets page with the Add pet dialog open. */
async function setUp(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  prepare(client);
  const rendered = renderWithApp(<PetsPage />, client);
  const open = async () => {
    await rendered.user.click(screen.getByRole('button', { name: 'Add pet' }));
    const dialog = screen.getByRole('dialog', { name: 'Add a pet' });
    return {
      dialog,
      name: within(dialog).getByLabelText('Name'),
      category: within(dialog).getByLabelText<HTMLSelectElement>('Category'),
      submit: within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Add pet' }),
    };
  };
  let form = await open();
  /** Types the name and chooses the category by its name ('' for none). */
  const fill = async (petName: string, categoryName: string) => {
    if (!form.dialog.isConnected) form = await open();
    await rendered.user.clear(form.name);
    if (petName) await rendered.user.type(form.name, petName);
    await waitFor(() => {
      expect(form.category.disabled).toBe(false);
    });
    await rendered.user.selectOptions(form.category, categoryName || 'Choose a category');
  };
  const submit = () => rendered.user.click(form.submit);
  return { ...rendered, client, form: () => form, submit, fill };
}

/** The sentence the page says after adding, up to its link. */
const added = (text: string) =>
  screen.findByText(
    (_, element) =>
      element?.getAttribute('role') === 'status' && element.textContent.startsWith(text),
  );

describe('adding a pet', () => {
  it('offers the categories in use by name, none chosen at first, and none archived', async () => {
    const { form } = await setUp((fake) => {
      fake.listCategories.mockResolvedValue(
        categoriesPage([
          category(1, 'Dogs'),
          category(2, 'Ferrets', { archived: true }),
          category(3, 'Birds'),
        ]),
      );
    });
    const { category: select } = form();
    await waitFor(() => {
      expect([...select.options].map((option) => option.text)).toEqual([
        'Choose a category',
        'Dogs',
        'Birds',
      ]);
    });
    expect(select.value).toBe('');
    expect([...select.options].map((option) => option.value)).toEqual(['', '1', '3']);
  });

  it.each([
    ['', '', { name: '', categoryId: undefined }],
    [
      'x'.repeat(NAME_MAX_LENGTH + 1),
      'Birds',
      { name: 'x'.repeat(NAME_MAX_LENGTH + 1), categoryId: 3 },
    ],
    ['  ', 'Cats', { name: '  ', categoryId: 2 }],
    ['Rex', '', { name: 'Rex', categoryId: undefined }],
  ])(
    'refuses name %j and category %j in the words of the contract',
    async (petName, categoryId, body) => {
      const { client, form, submit, fill } = await setUp();
      await fill(petName, categoryId);
      await submit();
      const { name, category } = form();

      const expected = contractIssues({ ...body, status: 'available' });
      if (expected.name === undefined) expect(name.getAttribute('aria-invalid')).toBeNull();
      else expect(messageOf(name)).toBe(fieldSentence('Name', expected.name));
      if (expected.categoryId === undefined)
        expect(category.getAttribute('aria-invalid')).toBeNull();
      else expect(messageOf(category)).toBe(fieldSentence('Category', expected.categoryId));
      expect(client.createPet).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(expected.name === undefined ? category : name);
    },
  );

  it('shows the issues the API finds on their fields', async () => {
    const { client, form, submit, fill } = await setUp();
    const { name, category } = form();
    client.createPet.mockRejectedValue(
      invalidBody(
        'name',
        'must not be reserved',
        'The body is not valid: name must not be reserved.',
      ),
    );
    await fill('Admin', 'Cats');
    await submit();

    await waitFor(() => {
      expect(messageOf(name)).toBe('Name must not be reserved.');
    });
    expect(category.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(name);
  });

  it('says on the category when the API finds it archived meanwhile', async () => {
    const { client, form, submit, fill } = await setUp();
    const { category } = form();
    client.createPet.mockRejectedValue(
      invalidBody('categoryId', ARCHIVED_CATEGORY, 'The request body is not valid.'),
    );
    await fill('Rex', 'Fish');
    await submit();
    await waitFor(() => {
      expect(messageOf(category)).toBe(`Category ${ARCHIVED_CATEGORY}.`);
    });
    expect(client.createPet.mock.calls[0]?.[0]).toMatchObject({ categoryId: 4 });
    expect(document.activeElement).toBe(category);
  });

  it('reuses the idempotency key for the same values, and makes a new one after success', async () => {
    const { client, submit, fill } = await setUp();
    client.createPet
      .mockRejectedValueOnce(
        apiError({ kind: 'network', code: 'network_error', status: undefined, message: 'x' }),
      )
      .mockImplementation((body, options) =>
        Promise.resolve(created(42, body, options?.idempotencyKey)),
      );
    const keys = () => client.createPet.mock.calls.map(([, options]) => options?.idempotencyKey);

    await fill('Rex', 'Dogs');
    await submit();
    expect(
      await screen.findByText('Could not reach the API. Check your connection, then retry.'),
    ).toBeDefined();
    await submit();
    await added('Added Rex (id 42).');
    expect(keys()[1]).toBe(keys()[0]);

    await fill('Rex', 'Dogs');
    await submit();
    await waitFor(() => {
      expect(client.createPet).toHaveBeenCalledTimes(3);
    });
    expect(keys()[2]).not.toBe(keys()[1]);
    expect(new Set(keys().map((key) => key?.length))).toEqual(new Set([32]));
  });

  it('makes a new key when the values change', async () => {
    const { client, submit, fill } = await setUp();
    client.createPet.mockRejectedValue(apiError({ message: 'Internal error.' }));
    await fill('Rex', 'Dogs');
    await submit();
    await screen.findByText(/^Internal error\. Retry in a moment/);
    await fill('Rexy', 'Dogs');
    await submit();
    await waitFor(() => {
      expect(client.createPet).toHaveBeenCalledTimes(2);
    });
    const [first, second] = client.createPet.mock.calls.map(
      ([, options]) => options?.idempotencyKey,
    );
    expect(second).not.toBe(first);
  });

  it('sends once while pending, then clears the form, focuses the message and reloads the list', async () => {
    const { client, form, submit, fill } = await setUp((fake) => {
      fake.listPets.mockResolvedValueOnce(petsPage([pet(1, { name: 'Fido' })]));
    });
    const button = form().submit;
    await screen.findByRole('cell', { name: 'Fido' });
    const answer = deferred<CreatedPet>();
    client.createPet.mockReturnValue(answer.promise);
    client.listPets.mockResolvedValue(
      petsPage([pet(1, { name: 'Fido' }), pet(42, { name: 'Rex', categoryId: 3 })]),
    );

    await fill(' Rex ', 'Birds');
    await submit();
    expect(button.disabled).toBe(true);
    await submit();
    expect(client.createPet).toHaveBeenCalledTimes(1);
    expect(client.createPet.mock.calls[0]?.[0]).toEqual({
      name: 'Rex',
      categoryId: 3,
      status: 'available',
    });

    answer.resolve(created(42, { name: 'Rex', categoryId: 3 }));
    const message = await added('Added Rex (id 42).');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    // The dialog is gone, and the message links to the new pet, wherever it is in the list.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(
      within(message).getByRole('link', { name: 'Show Rex in the list' }).getAttribute('href'),
    ).toBe('/admin/pets?name=Rex');
    expect(await screen.findByRole('cell', { name: 'Rex' })).toBeDefined();
    expect(client.listPets).toHaveBeenCalledTimes(2);
  });

  it('sends the status chosen', async () => {
    const { user, client, form, submit, fill } = await setUp();
    client.createPet.mockImplementation((body) => Promise.resolve(created(5, body)));
    await fill('Tom', 'Cats');
    await user.selectOptions(within(form().dialog).getByLabelText('Status'), 'sold');
    await submit();
    await added('Added Tom (id 5).');
    expect(client.createPet.mock.calls[0]?.[0]).toEqual({
      name: 'Tom',
      categoryId: 2,
      status: 'sold',
    });
  });
});
