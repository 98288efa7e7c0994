/**
 * The JPEGs the bench uploads, made with sharp when it runs (nothing binary is committed): a
 * camera's 12-megapixel photo for the upload row, and a smaller one for the photos of the listed
 * pets. Both have a photo's detail, soft shapes under a sensor's grain, so that their encoded
 * sizes and decode times are those of a real picture (12 MP is about 4 MB), not of a flat colour.
 */
import { randomFillSync } from 'node:crypto';
import sharp from 'sharp';

/** A camera's photo: 4000 × 3000, 12 megapixels. */
export const CAMERA = { width: 4000, height: 3000 } as const;
/** A photo for the listed pets: the API's large width (1080) and more, so every size is made. */
export const SMALLER = { width: 1200, height: 900 } as const;

/** Pixels with a photo's detail: noise at a sixteenth of the size, enlarged, plus grain. */
async function photoPixels(width: number, height: number): Promise<Buffer> {
  const [w, h] = [Math.ceil(width / 16), Math.ceil(height / 16)];
  const pixels = await sharp(randomFillSync(Buffer.alloc(w * h * 3)), {
    raw: { width: w, height: h, channels: 3 },
  })
    .resize(width, height, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
  const grain = randomFillSync(Buffer.alloc(pixels.length));
  for (let i = 0; i < pixels.length; i += 1)
    pixels[i] = Math.min(255, Math.max(0, (pixels[i] ?? 0) + ((grain[i] ?? 0) % 16) - 8));
  return pixels;
}

/** A JPEG of `size`, quality 90 as cameras write. */
export async function photoJpeg(size: { width: number; height: number }): Promise<Buffer> {
  const { width, height } = size;
  return sharp(await photoPixels(width, height), { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}
