/**
 * Proves the profile and photos on a pet's page: the profile saved as a merge patch of what
 * changed, the API's issues said on their fields; the photos in order with their alt text and
 * widths, the first marked as the face, moved and removed (after asking) through the API.
 */
import type { Pet } from '@pets/client';
import { EMPTY_PROFILE } from '@pets/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Route } from 'wouter';
import { PetRoute } from '../../../app/routes/pet.js';
import {
  account,
  createFakeClient,
  type FakeClient,
  invalidBody,
  pet,
  photo,
  result,
  signInAs,
} from '../../../testing/fake-client.js';
import { dialogButton } from '../../../testing/queries.js';
import { renderWithApp } from '../../../testing/render.js';

/** Pet 7's page for staff, the API answering with `shown`. */
function renderPet(client: FakeClient, shown: Pet = pet(7, { name: 'Rex' })) {
  signInAs(client, account({ role: 'staff', id: 9, name: 'Shelter' }));
  client.getPet.mockResolvedValue(result(shown));
  return renderWithApp(
    <Route path="/pets/:id">
      <PetRoute />
    </Route>,
    client,
    { url: '/admin/pets/7' },
  );
}

const withBreed = { ...EMPTY_PROFILE, breed: 'Labrador mix', colors: ['black'] };

describe("a pet's profile", () => {
  it('saves only what changed, as one merge patch', async () => {
    const client = createFakeClient();
    client.getPetProfile.mockResolvedValue(result(withBreed));
    client.updatePetProfile.mockResolvedValue(
      result({ ...withBreed, sex: 'male', colors: ['black', 'tan'] }),
    );
    const { user } = renderPet(client);
    const form = await screen.findByRole('form', { name: 'Profile of Rex' });
    await user.selectOptions(within(form).getByLabelText('Sex'), 'male');
    await user.type(within(form).getByLabelText('Second colour'), 'tan');
    await user.selectOptions(within(form).getByLabelText('Neutered'), 'yes');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(client.updatePetProfile).toHaveBeenCalledWith(7, {
      sex: 'male',
      colors: ['black', 'tan'],
      attributes: { neutered: true },
    });
    expect(await screen.findByText('Saved the profile of Rex.')).toBeDefined();
  });

  it("says the API's issues on their fields", async () => {
    const client = createFakeClient();
    client.getPetProfile.mockResolvedValue(result(withBreed));
    client.updatePetProfile.mockRejectedValue(
      invalidBody('intakeDate', 'must not be in the future'),
    );
    const { user } = renderPet(client);
    const form = await screen.findByRole('form', { name: 'Profile of Rex' });
    const intake = within(form).getByLabelText('Intake date');
    await user.type(intake, '2099-01-01');
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Intake date must not be in the future.')).toBeDefined();
    expect(intake.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(intake);
  });

  it('says a colour the contract refuses on the colours, and sends nothing', async () => {
    const client = createFakeClient();
    const { user } = renderPet(client);
    const form = await screen.findByRole('form', { name: 'Profile of Rex' });
    await user.type(within(form).getByLabelText('Main colour'), 'x'.repeat(41));
    await user.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText(/^Colours must be at most 40 characters/)).toBeDefined();
    expect(client.updatePetProfile).not.toHaveBeenCalled();
  });
});

describe("a pet's photos", () => {
  const photos = [photo(1), photo(2, { position: 2 }), photo(3, { position: 3 })];

  it('shows them in order, the first as the face, with alt text and widths', async () => {
    const client = createFakeClient();
    client.getPetProfile.mockResolvedValue(result(withBreed));
    client.listPetPhotos.mockResolvedValue(result(photos));
    renderPet(client);
    const grid = await screen.findByRole('list', { name: 'Photos of Rex' });
    await waitFor(() => {
      expect(
        within(grid)
          .getAllByRole('img')
          .map((image) => image.getAttribute('alt')),
      ).toEqual([
        'Rex, Labrador mix — photo 1 of 3',
        'Rex, Labrador mix — photo 2 of 3',
        'Rex, Labrador mix — photo 3 of 3',
      ]);
    });
    const first = within(grid).getAllByRole('listitem')[0];
    expect(first?.textContent).toContain('Face');
    expect(within(grid).getAllByRole('img')[1]?.getAttribute('srcset')).toBe(
      'http://localhost:3000/photos/key2-160.webp 160w, http://localhost:3000/photos/key2-480.webp 480w, http://localhost:3000/photos/key2-1080.webp 1080w',
    );
    expect(screen.getByRole('button', { name: 'Move earlier: photo 1' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByRole('button', { name: 'Move later: photo 3' })).toHaveProperty(
      'disabled',
      true,
    );
    expect(screen.getByText('3 of 12 photos. The first is Rex’s face in lists.')).toBeDefined();
  });

  it('makes one the face, and shows the new order', async () => {
    const client = createFakeClient();
    client.listPetPhotos.mockResolvedValue(result(photos));
    client.movePetPhoto.mockResolvedValue(result(photo(3, { position: 1 })));
    const { user } = renderPet(client);
    await user.click(await screen.findByRole('button', { name: 'Make face: photo 3' }));
    expect(client.movePetPhoto).toHaveBeenCalledWith(7, 3, { position: 1 });
    expect(await screen.findByText('Photo 3 is now Rex’s face.')).toBeDefined();
    const grid = screen.getByRole('list', { name: 'Photos of Rex' });
    expect(
      within(grid)
        .getAllByRole('img')
        .map((image) => image.getAttribute('src')),
    ).toEqual([
      'http://localhost:3000/photos/key3-160.webp',
      'http://localhost:3000/photos/key1-160.webp',
      'http://localhost:3000/photos/key2-160.webp',
    ]);
  });

  it('removes one only after asking', async () => {
    const client = createFakeClient();
    client.listPetPhotos.mockResolvedValue(result(photos));
    client.removePetPhoto.mockResolvedValue(result(undefined, { status: 204 }));
    const { user } = renderPet(client);
    await user.click(await screen.findByRole('button', { name: 'Remove photo 2' }));
    screen.getByRole('dialog', { name: 'Remove photo 2 of Rex?' });
    await user.click(dialogButton('Cancel'));
    expect(client.removePetPhoto).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Remove photo 2' }));
    await user.click(dialogButton('Remove photo'));
    expect(client.removePetPhoto).toHaveBeenCalledWith(7, 2);
    expect(await screen.findByText('Removed photo 2 of Rex.')).toBeDefined();
    const grid = screen.getByRole('list', { name: 'Photos of Rex' });
    expect(within(grid).getAllByRole('listitem')).toHaveLength(2);
  });

  it('offers no more files once a pet has 12 photos', async () => {
    const client = createFakeClient();
    client.listPetPhotos.mockResolvedValue(
      result(Array.from({ length: 12 }, (_, index) => photo(index + 1, { position: index + 1 }))),
    );
    renderPet(client);
    await screen.findByText(
      'Rex has 12 photos, the most a pet may have: remove one to add another.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Choose photos').disabled).toBe(true);
  });
});
