/**
 * `GET /photos/{key}-{width}.webp`: a photo's image, public (partners put the URLs on their pages),
 * outside `/v1` and its rate limits, immutable (a URL's bytes never change), with `ETag` and `304`.
 */
import { Controller, Get, Headers, Param, Res } from '@nestjs/common';
import { PHOTO_WIDTHS, type PhotoSize, PROBLEMS } from '@pets/contract';
import type { FastifyReply } from 'fastify';
import { ApiException } from '../errors/api-exception.js';
import { Public } from '../gate/public.decorator.js';
import { PhotoFiles } from './photo-files.js';

const SIZE_OF_WIDTH = new Map(
  Object.entries(PHOTO_WIDTHS).map(([size, width]) => [String(width), size as PhotoSize]),
);
/** A key (32 random bytes, base64url) and one of the widths. */
const FILE = /^([A-Za-z0-9_-]{43})-(\d{3,4})\.webp$/;

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether `If-None-Match` names `etag` (weak comparison, RFC 9110 13.1.2), or is `*`. */
const matches = (ifNoneMatch: string | undefined, etag: string): boolean =>
  ifNoneMatch !== undefined &&
  (ifNoneMatch.trim() === '*' ||
    ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag));

@Controller()
@Public()
export class PhotoFilesController {
  constructor(private readonly files: PhotoFiles) {}

  @Get('photos/:file')
  async serve(
    @Param('file') file: string,
    @Headers('if-none-match') ifNoneMatch: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<Buffer | undefined> {
    const [, key, width] = FILE.exec(file) ?? [];
    const size = width === undefined ? undefined : SIZE_OF_WIDTH.get(width);
    const image =
      key === undefined || size === undefined ? undefined : await this.files.find(key, size);
    if (!image) {
      void reply.header('cache-control', 'no-store');
      throw ApiException.of(PROBLEMS.noFile(`/photos/${file}`));
    }
    void reply
      .header('cache-control', IMMUTABLE)
      .header('etag', image.etag)
      .header('cross-origin-resource-policy', 'cross-origin');
    if (matches(ifNoneMatch, image.etag)) {
      void reply.status(304);
      return undefined;
    }
    void reply.header('content-type', 'image/webp');
    return image.bytes;
  }
}
