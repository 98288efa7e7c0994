/** A pet's face in the list: its first photo, small, or a neutral mark when it has none. */
import type { ListedPet } from '@pets/client';
import { PhotoImage } from './photo-image.js';

/**
 * The pet's first photo at 160 pixels (480 on a sharper screen), its ThumbHash until it loads; a
 * plain placeholder for a pet without photos. Its name is beside it in the row, so the image
 * says nothing more to a screen reader (empty `alt`).
 */
export function PetFace({ pet }: { pet: ListedPet }) {
  const face = pet.photos?.[0];
  if (!face) return <span className="pet-face pet-face-none" aria-hidden="true" />;
  return (
    <PhotoImage
      photo={face}
      alt=""
      sizes="1.5rem"
      widths={['small', 'medium']}
      className="pet-face"
    />
  );
}
