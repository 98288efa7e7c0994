// A photo's processing: any accepted image comes out upright, in sRGB, at the served widths (never
// enlarged), with its transparency and with none of its metadata; every other upload is refused from
// its header, in the words the API's error gives, a decompression bomb fast and without its pixels;
// and the processor takes only so many images at once.
import { PHOTO_WIDTHS, type PhotoMediaType } from '@pets/contract';
import sharp from 'sharp';
import { thumbHashToApproximateAspectRatio, thumbHashToAverageRGBA } from 'thumbhash';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  animatedWebp,
  avif,
  exifTags,
  gif,
  heicBranded,
  jpeg,
  jpegWithGpsAndRotation,
  p3Red,
  PHONE,
  png,
  pngBomb,
  TAG,
  textNamedJpg,
  truncatedJpeg,
  webp,
} from '../../test/images.js';
import {
  ImageProcessor,
  ImageRefused,
  ImagesBusy,
  Slots,
  processImage,
  type ProcessedImage,
} from './images.js';

/** Each output's width and height, read from the WebP itself. */
const sizesOf = async ({ images }: ProcessedImage) =>
  Object.fromEntries(
    await Promise.all(
      Object.entries(images).map(async ([size, bytes]) => {
        const { format, width, height } = await sharp(bytes).metadata();
        return [size, { format, width, height }] as const;
      }),
    ),
  );

/** The refusal's issue, failing the test when the image was taken. */
async function refusal(bytes: Buffer, declared: PhotoMediaType): Promise<string> {
  const error: unknown = await processImage(bytes, declared).then(
    () => new Error('the image was taken'),
    (reason: unknown) => reason,
  );
  if (!(error instanceof ImageRefused)) throw error;
  return error.issue;
}

describe('processImage', () => {
  describe("a phone's JPEG, stored sideways, with GPS and the camera's serial", () => {
    let upload: Buffer;
    let processed: ProcessedImage;
    beforeAll(async () => {
      upload = await jpegWithGpsAndRotation();
      processed = await processImage(upload, 'image/jpeg');
    });

    it('has them to begin with: EXIF Orientation 6, GPS position, make, model, serial, ICC', async () => {
      const metadata = await sharp(upload).metadata();
      expect(metadata).toMatchObject({ width: 800, height: 600, orientation: 6 });
      expect(metadata.icc).toBeDefined();
      const tags = exifTags(metadata.exif ?? Buffer.alloc(0));
      expect(tags.image.get(TAG.orientation)).toEqual([6]);
      expect(tags.image.get(TAG.make)).toBe(PHONE.make);
      expect(tags.image.get(TAG.model)).toBe(PHONE.model);
      expect(tags.exif.get(TAG.bodySerialNumber)).toBe(PHONE.serial);
      expect(tags.gps.get(TAG.gpsLatitudeRef)).toBe(PHONE.latitude.ref);
      expect(tags.gps.get(TAG.gpsLatitude)).toEqual(PHONE.latitude.degrees);
      expect(tags.gps.get(TAG.gpsLongitudeRef)).toBe(PHONE.longitude.ref);
      expect(tags.gps.get(TAG.gpsLongitude)).toEqual(PHONE.longitude.degrees);
    });

    it('comes out upright, 600 × 800 at most (not enlarged to 1080), then 480 and 160 wide', async () => {
      expect(processed).toMatchObject({ width: 600, height: 800 });
      expect(await sizesOf(processed)).toEqual({
        large: { format: 'webp', width: 600, height: 800 },
        medium: { format: 'webp', width: 480, height: 640 },
        small: { format: 'webp', width: 160, height: 213 },
      });
    });

    it('keeps no metadata in any size: no EXIF, GPS, XMP, IPTC, ICC profile or orientation', async () => {
      for (const bytes of Object.values(processed.images)) {
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.iptc).toBeUndefined();
        expect(metadata.icc).toBeUndefined();
        expect(metadata.orientation ?? 1).toBe(1);
        const text = bytes.toString('latin1');
        for (const kept of ['Exif', 'XMP ', 'ICCP', PHONE.make, PHONE.serial])
          expect(text).not.toContain(kept);
      }
    });

    it('has a ThumbHash of its upright shape', () => {
      const hash = Buffer.from(processed.thumbhash, 'base64');
      expect(hash.toString('base64')).toBe(processed.thumbhash);
      expect(thumbHashToApproximateAspectRatio(hash)).toBeCloseTo(600 / 800, 1);
    });
  });

  it('makes a large image 1080, 480 and 160 wide', async () => {
    const processed = await processImage(await jpeg(4000, 3000), 'image/jpeg');
    expect(processed).toMatchObject({ width: 1080, height: 810 });
    expect(await sizesOf(processed)).toEqual({
      large: { format: 'webp', width: 1080, height: 810 },
      medium: { format: 'webp', width: 480, height: 360 },
      small: { format: 'webp', width: 160, height: 120 },
    });
  });

  it('never enlarges a small image: 300 wide stays 300 at large and medium', async () => {
    const processed = await processImage(await jpeg(300, 200), 'image/jpeg');
    expect(processed).toMatchObject({ width: 300, height: 200 });
    expect(await sizesOf(processed)).toEqual({
      large: { format: 'webp', width: 300, height: 200 },
      medium: { format: 'webp', width: 300, height: 200 },
      small: { format: 'webp', width: 160, height: 107 },
    });
  });

  it('takes a WebP and an AVIF', async () => {
    for (const [bytes, type] of [
      [await webp(1600, 1200), 'image/webp'],
      [await avif(1600, 1200), 'image/avif'],
    ] as const) {
      const processed = await processImage(bytes, type);
      expect(processed).toMatchObject({ width: 1080, height: 810 });
      expect((await sizesOf(processed)).small).toEqual({ format: 'webp', width: 160, height: 120 });
    }
  });

  it('takes a PNG and keeps its transparency: what was transparent stays so', async () => {
    const processed = await processImage(await png(1200, 900), 'image/png');
    expect(processed).toMatchObject({ width: 1080, height: 810 });
    for (const bytes of Object.values(processed.images)) {
      const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels).toBe(4);
      const alphaAt = (x: number) => data[(Math.floor(info.height / 2) * info.width + x) * 4 + 3];
      expect(alphaAt(Math.floor(info.width / 8))).toBe(0);
      expect(alphaAt(Math.floor((info.width * 7) / 8))).toBe(255);
    }
  });

  it("converts a wide-gamut (Display P3) image's colours to sRGB", async () => {
    const upload = await p3Red();
    // Its stored numbers are P3's for sRGB red, far from (255, 0, 0): reading them as sRGB is wrong.
    const stored = await sharp(upload, { ignoreIcc: true }).raw().toBuffer();
    expect(stored[1]).toBeGreaterThan(30);
    const processed = await processImage(upload, 'image/png');
    const [r, g, b] = await sharp(processed.images.large).raw().toBuffer();
    expect(r).toBeGreaterThanOrEqual(247);
    expect(g).toBeLessThanOrEqual(8);
    expect(b).toBeLessThanOrEqual(8);
    const average = thumbHashToAverageRGBA(Buffer.from(processed.thumbhash, 'base64'));
    expect(average.r).toBeGreaterThan(0.9);
    expect(average.g).toBeLessThan(0.1);
  });

  describe('refuses', () => {
    it.each([
      ['text named .jpg', textNamedJpg, 'image/jpeg'],
      ['an empty body', () => Buffer.alloc(0), 'image/png'],
      ['a GIF', gif, 'image/png'],
      ['a HEIC', heicBranded, 'image/avif'],
    ] as const)('%s: not an accepted image', async (_, make, declared) => {
      expect(await refusal(await make(), declared)).toBe('must be a JPEG, PNG, WebP or AVIF image');
    });

    it('an image of another type than Content-Type says, rather than guess', async () => {
      expect(await refusal(await png(64, 48), 'image/jpeg')).toBe(
        'is a PNG image, not image/jpeg as Content-Type says',
      );
      expect(await refusal(await avif(64, 48), 'image/webp')).toBe(
        'is an AVIF image, not image/webp as Content-Type says',
      );
      expect(await refusal(await jpeg(64, 48), 'image/avif')).toBe(
        'is a JPEG image, not image/avif as Content-Type says',
      );
    });

    it('a truncated JPEG, rather than serve it half grey', async () => {
      const upload = await truncatedJpeg();
      expect((await sharp(upload).metadata()).width).toBe(1600);
      expect(await refusal(upload, 'image/jpeg')).toBe('is truncated or damaged');
    });

    it('a PNG whose pixels are damaged', async () => {
      const upload = await png(200, 100);
      const idat = upload.indexOf('IDAT', 0, 'latin1');
      for (let at = idat + 40; at < idat + 60; at += 1) upload[at] = (upload[at] ?? 0) ^ 0xff;
      expect(await refusal(upload, 'image/png')).toBe('is truncated or damaged');
    });

    it('an animation', async () => {
      expect(await refusal(await animatedWebp(), 'image/webp')).toBe(
        'must be a still image, not an animation',
      );
    });

    it('an image over ten times as wide as it is long', async () => {
      expect(await refusal(await jpeg(2200, 200), 'image/jpeg')).toBe(
        'must be at most 10 times as long as it is wide, or as wide as it is long',
      );
    });

    it('a decompression bomb from its header, in well under a second, without its pixels', async () => {
      const bomb = pngBomb();
      expect(bomb.length).toBeLessThan(100_000);
      await processImage(await jpeg(64, 48), 'image/jpeg'); // libvips loaded and warm
      const rss = process.memoryUsage().rss;
      const started = performance.now();
      expect(await refusal(bomb, 'image/png')).toBe(
        'must be at most 40 megapixels (this one is 400)',
      );
      expect(performance.now() - started).toBeLessThan(250);
      expect(process.memoryUsage().rss - rss).toBeLessThan(50 * 1024 * 1024);
    });
  });
});

describe('ImageProcessor', () => {
  let photo: Buffer;
  beforeAll(async () => {
    photo = await jpeg(2000, 1500);
  });

  const settled = (promise: Promise<unknown>) => {
    const state = { done: false };
    promise.then(
      () => (state.done = true),
      () => (state.done = true),
    );
    return state;
  };

  it('takes two running and two waiting, refuses a fifth at once, then takes more', async () => {
    const processor = new ImageProcessor();
    const taken = [1, 2, 3, 4].map(() => processor.process(photo, 'image/jpeg'));
    const first = settled(taken[0]!);
    await expect(processor.process(photo, 'image/jpeg')).rejects.toThrow(ImagesBusy);
    expect(first.done).toBe(false);
    for (const image of await Promise.all(taken)) expect(image.width).toBe(PHOTO_WIDTHS.large);
    await expect(processor.process(photo, 'image/jpeg')).resolves.toMatchObject({ width: 1080 });
  });

  it('keeps to its own numbers, and a refused image frees its place too', async () => {
    const processor = new ImageProcessor({ running: 1, waiting: 1 });
    const refused = processor.process(textNamedJpg(), 'image/jpeg');
    const waiting = processor.process(photo, 'image/jpeg');
    await expect(processor.process(photo, 'image/jpeg')).rejects.toThrow(ImagesBusy);
    await expect(refused).rejects.toThrow(ImageRefused);
    // The refused one's place went to the waiting one; the queue has room again.
    const next = processor.process(photo, 'image/jpeg');
    await expect(processor.process(photo, 'image/jpeg')).rejects.toThrow(ImagesBusy);
    await expect(Promise.all([waiting, next])).resolves.toHaveLength(2);
    await expect(processor.process(photo, 'image/jpeg')).resolves.toMatchObject({ width: 1080 });
  });

  it('works on one AVIF at a time, with one more waiting, while other images go on', async () => {
    const processor = new ImageProcessor();
    const image = await avif(400, 300);
    const avifs = [processor.process(image, 'image/avif'), processor.process(image, 'image/avif')];
    await expect(processor.process(image, 'image/avif')).rejects.toThrow(ImagesBusy);
    await expect(processor.process(photo, 'image/jpeg')).resolves.toMatchObject({ width: 1080 });
    await expect(Promise.all(avifs)).resolves.toHaveLength(2);
    await expect(processor.process(image, 'image/avif')).resolves.toMatchObject({ width: 400 });
  });
});

describe('Slots', () => {
  it('lets `running` in at once, the next ones in order as places are given back', async () => {
    const slots = new Slots(2, 2);
    const order: number[] = [];
    const take = (n: number) => slots.take().then(() => order.push(n));
    await Promise.all([take(1), take(2)]);
    const later = [take(3), take(4)];
    await expect(slots.take()).rejects.toThrow(ImagesBusy);
    await Promise.resolve();
    expect(order).toEqual([1, 2]);
    slots.give();
    await later[0];
    expect(order).toEqual([1, 2, 3]);
    slots.give();
    await later[1];
    expect(order).toEqual([1, 2, 3, 4]);
    // Two holders now, none waiting: a place given back is free for the next at once.
    slots.give();
    await take(5);
    expect(order).toEqual([1, 2, 3, 4, 5]);
  });
});
