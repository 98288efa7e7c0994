import type { CreatedPet, NewPetInput } from '@pets/client';
import { NewPet, toErrorDetails } from '@pets/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  apiError,
  createFakeClient,
  deferred,
  type FakeClient,
  pet,
  petsPage,
  result,
} from '../../../testing/fake-client.js';
import { renderWithApp } from '../../../testing/render.js';
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

/** The message a control points at with aria-describedby. */
const messageOf = (control: HTMLElement) => {
  expect(control.getAttribute('aria-invalid')).toBe('true');
  const id = control.getAttribute('aria-describedby') ?? '';
  return document.getElementById(id)?.textContent;
};

function setUp(prepare: (client: FakeClient) => void = () => undefined) {
  const client = createFakeClient();
  prepare(client);
  const rendered = renderWithApp(<PetsPage />, client);
  const name = screen.getByLabelText('Name');
  const category = screen.getByLabelText('Category id');
  const submit = screen.getByRole<HTMLButtonElement>('button', { name: 'Add pet' });
  const fill = async (petName: string, categoryId: string) => {
    await rendered.user.clear(name);
    if (petName) await rendered.user.type(name, petName);
    await rendered.user.clear(category);
    if (categoryId) await rendered.user.type(category, categoryId);
  };
  return { ...rendered, client, name, category, submit, fill };
}

describe('adding a pet', () => {
  it.each([
    ['', '', { name: '', categoryId: undefined }],
    ['x'.repeat(101), 'abc', { name: 'x'.repeat(101), categoryId: 'abc' }],
    ['  ', '0', { name: '  ', categoryId: 0 }],
    ['Rex', '1.5', { name: 'Rex', categoryId: '1.5' }],
  ])(
    'refuses name %j and category %j in the words of the contract',
    async (petName, categoryId, body) => {
      const { user, client, name, category, submit, fill } = setUp();
      await fill(petName, categoryId);
      await user.click(submit);

      const expected = contractIssues({ ...body, status: 'available' });
      if (expected.name === undefined) expect(name.getAttribute('aria-invalid')).toBeNull();
      else expect(messageOf(name)).toBe(expected.name);
      expect(messageOf(category)).toBe(expected.categoryId);
      expect(client.createPet).not.toHaveBeenCalled();
      expect(document.activeElement).toBe(expected.name === undefined ? category : name);
    },
  );

  it('shows the issues the API finds on their fields', async () => {
    const { user, client, name, category, submit, fill } = setUp();
    client.createPet.mockRejectedValue(
      apiError({
        code: 'invalid_body',
        status: 400,
        message: 'The body is not valid: name must not be reserved.',
        details: [{ field: 'name', issue: 'must not be reserved' }],
      }),
    );
    await fill('Admin', '2');
    await user.click(submit);

    await waitFor(() => {
      expect(messageOf(name)).toBe('must not be reserved');
    });
    expect(category.getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(name);
  });

  it('reuses the idempotency key for the same values, and makes a new one after success', async () => {
    const { user, client, submit, fill } = setUp();
    client.createPet
      .mockRejectedValueOnce(
        apiError({ kind: 'network', code: 'network_error', status: undefined, message: 'x' }),
      )
      .mockImplementation((body, options) =>
        Promise.resolve(created(42, body, options?.idempotencyKey)),
      );
    const keys = () => client.createPet.mock.calls.map(([, options]) => options?.idempotencyKey);

    await fill('Rex', '1');
    await user.click(submit);
    expect(
      await screen.findByText('Could not reach the API. Check your connection and try again.'),
    ).toBeDefined();
    await user.click(submit);
    await screen.findByText('Added Rex (id 42).');
    expect(keys()[1]).toBe(keys()[0]);

    await fill('Rex', '1');
    await user.click(submit);
    await waitFor(() => {
      expect(client.createPet).toHaveBeenCalledTimes(3);
    });
    expect(keys()[2]).not.toBe(keys()[1]);
    expect(new Set(keys().map((key) => key?.length))).toEqual(new Set([32]));
  });

  it('makes a new key when the values change', async () => {
    const { user, client, submit, fill } = setUp();
    client.createPet.mockRejectedValue(apiError({ message: 'Internal error.' }));
    await fill('Rex', '1');
    await user.click(submit);
    await screen.findByText('Internal error.');
    await fill('Rexy', '1');
    await user.click(submit);
    await waitFor(() => {
      expect(client.createPet).toHaveBeenCalledTimes(2);
    });
    const [first, second] = client.createPet.mock.calls.map(
      ([, options]) => options?.idempotencyKey,
    );
    expect(second).not.toBe(first);
  });

  it('sends once while pending, then clears the form, focuses the message and reloads the list', async () => {
    const { user, client, name, category, submit, fill } = setUp((fake) => {
      fake.listPets.mockResolvedValueOnce(petsPage([pet(1, { name: 'Fido' })]));
    });
    await screen.findByRole('cell', { name: 'Fido' });
    const answer = deferred<CreatedPet>();
    client.createPet.mockReturnValue(answer.promise);
    client.listPets.mockResolvedValue(
      petsPage([pet(1, { name: 'Fido' }), pet(42, { name: 'Rex', categoryId: 3 })]),
    );

    await fill(' Rex ', '3');
    await user.click(submit);
    expect(submit.disabled).toBe(true);
    await user.click(submit);
    expect(client.createPet).toHaveBeenCalledTimes(1);
    expect(client.createPet.mock.calls[0]?.[0]).toEqual({
      name: 'Rex',
      categoryId: 3,
      status: 'available',
    });

    answer.resolve(created(42, { name: 'Rex', categoryId: 3 }));
    const message = await screen.findByText('Added Rex (id 42).');
    await waitFor(() => {
      expect(document.activeElement).toBe(message);
    });
    expect((name as HTMLInputElement).value).toBe('');
    expect((category as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('cell', { name: 'Rex' })).toBeDefined();
    expect(client.listPets).toHaveBeenCalledTimes(2);
  });

  it('sends the status chosen', async () => {
    const { user, client, submit, fill } = setUp();
    client.createPet.mockImplementation((body) => Promise.resolve(created(5, body)));
    await fill('Tom', '2');
    await user.selectOptions(screen.getByLabelText('Status'), 'sold');
    await user.click(submit);
    await screen.findByText('Added Tom (id 5).');
    expect(client.createPet.mock.calls[0]?.[0]).toEqual({
      name: 'Tom',
      categoryId: 2,
      status: 'sold',
    });
  });
});
