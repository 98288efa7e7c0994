/**
 * A pet photo's pixels: an upload checked from its header (format, declared type, size, animation),
 * decoded once, turned upright, converted to sRGB and encoded anew as WebP at each served width, with
 * its ThumbHash placeholder; nothing of the upload's metadata (GPS, camera serials) survives. Also the
 * small queue that keeps only a few images in work at once.
 */
import {
  PHOTO_ASPECT_MAX,
  PHOTO_PIXELS_MAX,
  PHOTO_WIDTHS,
  type PhotoMediaType,
  type PhotoSize,
} from '@pets/contract';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';

// libvips' operation cache keeps recent images' buffers alive between calls: an upload is never
// processed twice, so it would only hold memory that the next upload needs. One libvips thread per
// image: parallelism comes from processing a few images at once (ImageProcessor), each on its own
// libuv thread; more threads per image would only contend for the same cores and each hold buffers.
sharp.cache(false);
sharp.concurrency(1);

/** An image the API will not take, with why in one short sentence for the error's detail. */
export class ImageRefused extends Error {
  constructor(readonly issue: string) {
    super(`The image ${issue}`);
    this.name = 'ImageRefused';
  }
}

/** More images are in work or waiting than the processor takes: try again shortly. */
export class ImagesBusy extends Error {
  constructor() {
    super('Too many images are being processed; try again shortly');
    this.name = 'ImagesBusy';
  }
}

/** What an upload becomes: the large size's upright width and height, a placeholder, the WebPs. */
export interface ProcessedImage {
  width: number;
  height: number;
  /** The ThumbHash of the image, base64. */
  thumbhash: string;
  images: Record<PhotoSize, Buffer>;
}

/** How the documents name each accepted type. */
const FORMAT_NAMES = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'image/avif': 'AVIF',
} as const satisfies Record<PhotoMediaType, string>;

const names = Object.values(FORMAT_NAMES);
const NOT_A_PHOTO = `must be a ${names.slice(0, -1).join(', ')} or ${names.at(-1)} image`;
const DAMAGED = 'is truncated or damaged';

/** Each width from the largest down. */
const SIZES = (Object.keys(PHOTO_WIDTHS) as PhotoSize[]).sort(
  (a, b) => PHOTO_WIDTHS[b] - PHOTO_WIDTHS[a],
);

/** The largest side of the image a ThumbHash is computed from (the library's own limit). */
const THUMBHASH_SIDE = 100;

/** The sharp format and compression each accepted type is read as (AVIF is HEIF with AV1). */
const SHARP_FORMATS = {
  'image/jpeg': { format: 'jpeg' },
  'image/png': { format: 'png' },
  'image/webp': { format: 'webp' },
  'image/avif': { format: 'heif', compression: 'av1' },
} as const satisfies Record<PhotoMediaType, { format: string; compression?: string }>;

// Every read of the upload: a truncated or damaged image is refused, not served half grey (the
// default, 'warning', would also refuse images with harmless oddities some cameras write); the pixel
// cap again, in case a header lied.
const INPUT = { limitInputPixels: PHOTO_PIXELS_MAX, failOn: 'error' } as const;

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** The ISO base media file's brands (major and compatible), when `bytes` starts with `ftyp`. */
function brands(bytes: Buffer): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const end = Math.min(bytes.readUInt32BE(0), bytes.length);
  const found = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) found.push(ascii(bytes, at, at + 4));
  return found;
}

/**
 * The accepted type the bytes' signature says they are, if any. Checked before libvips sees them, so
 * that only these four decoders ever read an upload (no SVG, TIFF, PDF or the like).
 */
function signatureType(bytes: Buffer): PhotoMediaType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return 'image/jpeg';
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'image/webp';
  if (brands(bytes).some((brand) => brand === 'avif' || brand === 'avis')) return 'image/avif';
  return undefined;
}

/** `400`, `40.1`: megapixels as the refusal says them, never rounded down to the limit. */
const megapixels = (pixels: number) => String(Math.ceil(pixels / 100_000) / 10);

/** The header of an upload, or its refusal; no pixel is decoded. */
async function header(bytes: Buffer, declared: PhotoMediaType): Promise<Metadata> {
  const type = signatureType(bytes);
  if (type === undefined) throw new ImageRefused(NOT_A_PHOTO);
  let metadata: Metadata;
  try {
    // The pixel cap is checked below from the header, to say how many there are; sharp's own would
    // refuse without the number.
    metadata = await sharp(bytes, { ...INPUT, limitInputPixels: false }).metadata();
  } catch {
    throw new ImageRefused(DAMAGED);
  }
  const expected: { format: string; compression?: string } = SHARP_FORMATS[type];
  if (
    metadata.format !== expected.format ||
    (expected.compression !== undefined && metadata.compression !== expected.compression)
  )
    throw new ImageRefused(NOT_A_PHOTO);
  if (type !== declared)
    throw new ImageRefused(
      `is a${type === 'image/avif' ? 'n' : ''} ${FORMAT_NAMES[type]} image, not ${declared} as Content-Type says`,
    );
  const { width, height } = metadata;
  if (!(width > 0 && height > 0)) throw new ImageRefused(DAMAGED);
  if (width * height > PHOTO_PIXELS_MAX)
    throw new ImageRefused(
      `must be at most ${megapixels(PHOTO_PIXELS_MAX)} megapixels (this one is ${megapixels(width * height)})`,
    );
  if ((metadata.pages ?? 1) > 1) throw new ImageRefused('must be a still image, not an animation');
  if (Math.max(width, height) > PHOTO_ASPECT_MAX * Math.min(width, height))
    throw new ImageRefused(
      `must be at most ${PHOTO_ASPECT_MAX} times as long as it is wide, or as wide as it is long`,
    );
  return metadata;
}

/**
 * An upload's sizes and placeholder, or `ImageRefused` saying why not. The upload is decoded once, at
 * the large width (JPEG and WebP decode straight to about that size); every size and the placeholder
 * are made from those pixels.
 */
export async function processImage(
  bytes: Buffer,
  declared: PhotoMediaType,
): Promise<ProcessedImage> {
  await header(bytes, declared);
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { ...INPUT, autoOrient: true })
      .resize({ width: PHOTO_WIDTHS.large, withoutEnlargement: true })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRefused(DAMAGED);
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };

  // One after another, not all at once: an image holds one libuv thread, never the whole pool that
  // file reads and password hashing share.
  const images = {} as Record<PhotoSize, Buffer>;
  for (const size of SIZES)
    images[size] = await sharp(data, raw)
      .resize({ width: PHOTO_WIDTHS[size], withoutEnlargement: true })
      .webp()
      .toBuffer();

  const small = await sharp(data, raw)
    .resize({
      width: THUMBHASH_SIDE,
      height: THUMBHASH_SIDE,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const thumbhash = rgbaToThumbHash(small.info.width, small.info.height, small.data);

  return {
    width: info.width,
    height: info.height,
    thumbhash: Buffer.from(thumbhash).toString('base64'),
    images,
  };
}

/** At most `running` holders at once and `waiting` more in line; past that, `ImagesBusy` at once. */
export class Slots {
  readonly #running: number;
  readonly #waiting: number;
  #active = 0;
  readonly #queue: (() => void)[] = [];

  constructor(running: number, waiting: number) {
    this.#running = running;
    this.#waiting = waiting;
  }

  async take(): Promise<void> {
    if (this.#active < this.#running) this.#active += 1;
    else if (this.#queue.length < this.#waiting)
      // The finishing holder hands its place straight to this one (#active stays as it is).
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    else throw new ImagesBusy();
  }

  give(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#active -= 1;
  }
}

/**
 * Processes at most `running` images at once and queues at most `waiting` more; past that, refuses
 * at once with `ImagesBusy` (a `503` with `Retry-After`), so that a burst of uploads cannot hold the
 * memory of many decoded images or wait without end. AVIF is decoded whole (about 19 MB a
 * megapixel, some 830 MB at 40): at most one AVIF is in work at once (and one waits), so an instance
 * holds one such image beside the others, never two.
 */
export class ImageProcessor {
  readonly #slots: Slots;
  readonly #avif = new Slots(1, 1);

  constructor({ running = 2, waiting = 2 }: { running?: number; waiting?: number } = {}) {
    this.#slots = new Slots(running, waiting);
  }

  async process(bytes: Buffer, declared: PhotoMediaType): Promise<ProcessedImage> {
    const avif = declared === 'image/avif';
    if (avif) await this.#avif.take();
    try {
      await this.#slots.take();
      try {
        return await processImage(bytes, declared);
      } finally {
        this.#slots.give();
      }
    } finally {
      if (avif) this.#avif.give();
    }
  }
}
