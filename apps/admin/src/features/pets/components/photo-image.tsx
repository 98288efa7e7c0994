/** A pet's photo: its ThumbHash placeholder at once, the image over it once loaded. */
import type { PetPhoto } from '@pets/client';
import { useState } from 'react';
import { photoSrcSet, placeholderOf } from '../utils/pet-photo.js';

/**
 * A photo at the widths `widths` lists (`srcset`), the browser choosing by `sizes`; its blurred
 * placeholder (the ThumbHash) shows in the same box until the image has loaded. `alt` empty when
 * the photo only decorates something already named beside it.
 */
export function PhotoImage({
  photo,
  alt,
  sizes,
  widths,
  className,
}: {
  photo: PetPhoto;
  alt: string;
  sizes: string;
  widths: readonly (keyof PetPhoto['urls'])[];
  className: string;
}) {
  const [loaded, setLoaded] = useState(false);
  const placeholder = placeholderOf(photo);
  return (
    <span className={`photo-box ${className}`} data-loaded={loaded || undefined}>
      {placeholder && !loaded ? (
        <img className="photo-placeholder" src={placeholder} alt="" aria-hidden="true" />
      ) : null}
      <img
        className="photo-image"
        src={photo.urls.small}
        srcSet={photoSrcSet(photo, widths)}
        sizes={sizes}
        width={photo.width}
        height={photo.height}
        alt={alt}
        decoding="async"
        ref={(image) => {
          // Loaded before React listened (from the cache): no load event will come.
          if (image?.complete && image.naturalWidth > 0) setLoaded(true);
        }}
        onLoad={() => {
          setLoaded(true);
        }}
      />
    </span>
  );
}
