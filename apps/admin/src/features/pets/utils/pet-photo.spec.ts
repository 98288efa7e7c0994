/** Proves how a photo is described and offered: its alt text, its srcset, its placeholder. */
import { describe, expect, it } from 'vitest';
import { photo } from '../../../testing/fake-client.js';
import { withMoved } from '../api/pet-photos.js';
import { photoAlt, photoSrcSet, placeholderOf } from './pet-photo.js';

describe('photoAlt', () => {
  it("says the pet's name and breed, and which photo of how many", () => {
    expect(photoAlt('Biscuit', 'Labrador mix', 2, 3)).toBe('Biscuit, Labrador mix — photo 2 of 3');
  });

  it('leaves out a breed nobody gave', () => {
    expect(photoAlt('Biscuit', null, 1, 1)).toBe('Biscuit — photo 1 of 1');
    expect(photoAlt('Biscuit', undefined, 1, 2)).toBe('Biscuit — photo 1 of 2');
  });
});

describe('photoSrcSet', () => {
  it('gives each width asked for with its URL', () => {
    expect(photoSrcSet(photo(4), ['small', 'medium'])).toBe(
      'http://localhost:3000/photos/key4-160.webp 160w, http://localhost:3000/photos/key4-480.webp 480w',
    );
  });
});

describe('placeholderOf', () => {
  it('makes an image of a ThumbHash', () => {
    expect(placeholderOf(photo(1))).toMatch(/^data:image\/png;base64,/);
  });

  it('gives none for a hash that is not base64', () => {
    expect(placeholderOf(photo(1, { thumbhash: '%%%' }))).toBeUndefined();
  });
});

describe('withMoved', () => {
  const photos = [photo(1), photo(2, { position: 2 }), photo(3, { position: 3 })];

  it('puts the moved photo at its new position and numbers them again', () => {
    const moved = withMoved(photos, photo(3, { position: 1 }));
    expect(moved.map(({ id, position }) => [id, position])).toEqual([
      [3, 1],
      [1, 2],
      [2, 3],
    ]);
  });

  it('moves one later', () => {
    const moved = withMoved(photos, photo(1, { position: 2 }));
    expect(moved.map(({ id }) => id)).toEqual([2, 1, 3]);
  });
});
