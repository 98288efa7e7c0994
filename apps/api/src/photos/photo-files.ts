/**
 * The images of photos as the public route serves them: read by key and size from the database,
 * kept in memory for at most {@link FRESH_MS} (so a photo removed on any instance stops being served
 * everywhere within 5 seconds) and within {@link CACHE_BYTES} in all.
 */
import { Injectable } from '@nestjs/common';
import type { PhotoSize } from '@pets/contract';
import { LRUCache } from 'lru-cache';
import { PhotosRepository } from './photos.repository.js';

/** How long an image read is served from memory: under 5 s, counted from before its read. */
export const FRESH_MS = 4_000;
/** The most bytes of images kept in memory. */
export const CACHE_BYTES = 64 * 1024 * 1024;

export interface PhotoImage {
  readonly bytes: Buffer;
  readonly etag: string;
}

const SIZES = ['small', 'medium', 'large'] as const satisfies readonly PhotoSize[];

@Injectable()
export class PhotoFiles {
  private readonly kept = new LRUCache<string, PhotoImage>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (image) => image.bytes.length + image.etag.length,
    ttl: FRESH_MS,
  });

  constructor(private readonly photos: PhotosRepository) {}

  /** The image, if the photo is there (or was, less than {@link FRESH_MS} ago). */
  async find(key: string, size: PhotoSize): Promise<PhotoImage | undefined> {
    const name = `${key}-${size}`;
    const kept = this.kept.get(name);
    if (kept) return kept;
    const started = performance.now();
    const row = await this.photos.image(key, size);
    if (!row) return undefined;
    const image: PhotoImage = {
      bytes: Buffer.from(row.bytes.buffer, row.bytes.byteOffset, row.bytes.byteLength),
      etag: row.etag,
    };
    // Fresh from before the read began: a removal committed while it ran is seen in time.
    const ttl = Math.floor(FRESH_MS - (performance.now() - started));
    if (ttl > 0) this.kept.set(name, image, { ttl });
    return image;
  }

  /** Stops serving a photo removed here at once (other instances within {@link FRESH_MS}). */
  forget(key: string): void {
    for (const size of SIZES) this.kept.delete(`${key}-${size}`);
  }
}
