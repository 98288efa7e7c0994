/** How a pet's photo is shown: its alternative text, its widths for `srcset`, its placeholder. */
import type { PetPhoto } from '@pets/client';
import { PHOTO_WIDTHS } from '@pets/contract';
import { thumbHashToDataURL } from 'thumbhash';

/**
 * What a photo shows, for those who cannot see it: "Biscuit, Labrador mix — photo 2 of 3", or
 * without a breed "Biscuit — photo 2 of 3".
 */
export function photoAlt(
  petName: string,
  breed: string | null | undefined,
  position: number,
  count: number,
): string {
  const who = breed ? `${petName}, ${breed}` : petName;
  return `${who} — photo ${String(position)} of ${String(count)}`;
}

/** Every width of the photo, for `srcset`: the browser picks the one the screen needs. */
export const photoSrcSet = (photo: PetPhoto, sizes: readonly (keyof PetPhoto['urls'])[]) =>
  sizes.map((size) => `${photo.urls[size]} ${String(PHOTO_WIDTHS[size])}w`).join(', ');

/** The photo's ThumbHash as an image (a few hundred bytes of PNG) to show until it loads. */
export function placeholderOf(photo: PetPhoto): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(photo.thumbhash), (character) => character.charCodeAt(0));
    return thumbHashToDataURL(bytes);
  } catch {
    // A hash that is not base64 or not a ThumbHash: the image alone, without a placeholder.
    return undefined;
  }
}
