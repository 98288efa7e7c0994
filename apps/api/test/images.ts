/**
 * Images for tests, made when a test asks (nothing binary is committed): photos in each accepted
 * format, a phone's JPEG with EXIF rotation, GPS and camera serial, and the hostile ones (text named
 * .jpg, a truncated JPEG, a decompression bomb, an animation); `exifTags` reads an EXIF block back.
 */
import { randomFillSync } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Random pixels, `channels` a pixel. */
const noise = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp(randomFillSync(Buffer.alloc(width * height * channels)), {
    raw: { width, height, channels },
  });

/**
 * Pixels with the detail of a photo: soft shapes (noise at a sixteenth of the size, enlarged) and a
 * sensor's grain on top, so that encoded sizes and decode times are those of a real picture (a 12 MP
 * JPEG is about 3.7 MB), not of a flat colour.
 */
async function photoPixels(width: number, height: number): Promise<Buffer> {
  const pixels = await noise(Math.ceil(width / 16), Math.ceil(height / 16))
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomFillSync(Buffer.alloc(pixels.length));
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = Math.min(255, Math.max(0, (pixels[i] ?? 0) + ((grain[i] ?? 0) % 16) - 8));
  return pixels;
}

const photo = async (width: number, height: number) =>
  sharp(await photoPixels(width, height), { raw: { width, height, channels: 3 } });

/** A camera's JPEG, `width` × `height`, with a photo's detail (12 MP by default). */
export const jpeg = async (width = 4000, height = 3000) =>
  (await photo(width, height)).jpeg({ quality: 90 }).toBuffer();

/** Where the phone that took `jpegWithGpsAndRotation` was, and what it was. */
export const PHONE = {
  make: 'Canon',
  model: 'Canon EOS 5D Mark IV',
  serial: '032021001234',
  latitude: { ref: 'N', degrees: [51, 30, 26] },
  longitude: { ref: 'W', degrees: [0, 7, 39] },
} as const;

const rationals = (values: readonly number[]) => values.map((value) => `${value}/1`).join(' ');

/**
 * A phone's JPEG: 800 × 600 pixels stored sideways (EXIF Orientation 6, so upright it is 600 × 800),
 * with where it was taken (GPS), the camera's make, model and serial number, and an ICC profile.
 */
export const jpegWithGpsAndRotation = async () =>
  (await photo(800, 600))
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Make: PHONE.make, Model: PHONE.model },
      IFD2: { BodySerialNumber: PHONE.serial },
      IFD3: {
        GPSLatitudeRef: PHONE.latitude.ref,
        GPSLatitude: rationals(PHONE.latitude.degrees),
        GPSLongitudeRef: PHONE.longitude.ref,
        GPSLongitude: rationals(PHONE.longitude.degrees),
      },
    })
    .jpeg({ quality: 90 })
    .toBuffer();

/**
 * A PNG with transparency, `width` × `height`: its left half fully transparent, its right half
 * opaque noise.
 */
export const png = async (width = 1200, height = 900) => {
  const pixels = randomFillSync(Buffer.alloc(width * height * 4));
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) pixels[(y * width + x) * 4 + 3] = x < width / 2 ? 0 : 255;
  return sharp(pixels, { raw: { width, height, channels: 4 } })
    .png()
    .toBuffer();
};

/** A WebP photo, `width` × `height`. */
export const webp = async (width = 1600, height = 1200) =>
  (await photo(width, height)).webp().toBuffer();

/** An AVIF photo, `width` × `height`. */
export const avif = async (width = 1600, height = 1200) =>
  (await photo(width, height)).avif({ effort: 0 }).toBuffer();

/** A GIF: an image, but not of an accepted type. */
export const gif = async () => noise(100, 100).gif().toBuffer();

/**
 * An AVIF whose brands say HEIC (`heic`, `mif1`): what an iPhone's photo declares itself (sharp
 * cannot write HEVC, so a real one cannot be made here).
 */
export const heicBranded = async () => {
  const bytes = Buffer.from(await avif(64, 48));
  const end = bytes.readUInt32BE(0);
  for (let at = 8; at + 4 <= end; at += 4)
    if (at !== 12 && bytes.toString('latin1', at, at + 4) !== 'mif1')
      bytes.write('heic', at, 'latin1');
  return bytes;
};

/** A flat colour in a wide-gamut profile (Display P3): sRGB red, converted to P3's numbers. */
export const p3Red = async () =>
  sharp({ create: { width: 200, height: 200, channels: 3, background: '#ff0000' } })
    .withIccProfile('p3')
    .png()
    .toBuffer();

/** Text, as a file named `.jpg` would send it. */
export const textNamedJpg = () => Buffer.from('Rex, 4 years old, loves walks. Not a photo.\n');

/** The first half of a 1600 × 1200 JPEG: its header is whole, its pixels stop half way. */
export const truncatedJpeg = async () => {
  const whole = await jpeg(1600, 1200);
  return whole.subarray(0, Math.floor(whole.length / 2));
};

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
};

let bomb: Buffer | undefined;

/**
 * A decompression bomb: a valid PNG of 20,000 × 20,000 one-bit grey pixels (400 megapixels, 1.6 GB
 * once decoded as RGBA) in about 50 KB, written by hand: every row black. Made once (making it
 * deflates 50 MB).
 */
export const pngBomb = () => {
  if (bomb) return bomb;
  const side = 20_000;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter, not interlaced
  // Each row: its filter type (0) and side / 8 bytes of pixels.
  const rows = Buffer.alloc((1 + side / 8) * side);
  bomb = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return bomb;
};

/** An animated WebP of two 120 × 90 frames. */
export const animatedWebp = async () => {
  const frames = await Promise.all([1, 2].map(() => noise(120, 90).png().toBuffer()));
  return sharp(frames, { join: { animated: true } })
    .webp()
    .toBuffer();
};

/** An EXIF tag's value: text, or numbers (a rational as its quotient). */
export type ExifValue = string | number[];

/** The tags of an EXIF block's main image, Exif and GPS directories, by tag number. */
export interface ExifTags {
  image: Map<number, ExifValue>;
  exif: Map<number, ExifValue>;
  gps: Map<number, ExifValue>;
}

/** Tag numbers that tests look for (EXIF 2.32). */
export const TAG = {
  orientation: 0x0112,
  make: 0x010f,
  model: 0x0110,
  exifIfd: 0x8769,
  gpsIfd: 0x8825,
  bodySerialNumber: 0xa431,
  gpsLatitudeRef: 0x0001,
  gpsLatitude: 0x0002,
  gpsLongitudeRef: 0x0003,
  gpsLongitude: 0x0004,
} as const;

/**
 * An EXIF block read back (sharp's `metadata().exif`: `Exif\0\0` then a TIFF header): just enough of
 * TIFF to list a directory's tags with their ASCII, SHORT, LONG and RATIONAL values.
 */
export function exifTags(block: Buffer): ExifTags {
  const tiff = block.subarray(block.toString('latin1', 0, 4) === 'Exif' ? 6 : 0);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const SIZES: Record<number, number> = { 2: 1, 3: 2, 4: 4, 5: 8 };
  const directory = (offset: number) => {
    const tags = new Map<number, ExifValue>();
    const count = u16(offset);
    for (let i = 0; i < count; i += 1) {
      const entry = offset + 2 + i * 12;
      const [tag, type, n] = [u16(entry), u16(entry + 2), u32(entry + 4)];
      const size = SIZES[type];
      if (size === undefined) continue;
      const at = size * n > 4 ? u32(entry + 8) : entry + 8;
      if (type === 2) tags.set(tag, tiff.toString('latin1', at, at + n).replace(/\0+$/, ''));
      else
        tags.set(
          tag,
          Array.from({ length: n }, (_, k) =>
            type === 3
              ? u16(at + 2 * k)
              : type === 4
                ? u32(at + 4 * k)
                : u32(at + 8 * k) / u32(at + 8 * k + 4),
          ),
        );
    }
    return tags;
  };
  const image = directory(u32(4));
  const under = (tag: number) => {
    const pointer = image.get(tag);
    return Array.isArray(pointer) && pointer[0]
      ? directory(pointer[0])
      : new Map<number, ExifValue>();
  };
  return { image, exif: under(TAG.exifIfd), gps: under(TAG.gpsIfd) };
}
