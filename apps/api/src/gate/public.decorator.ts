/**
 * `@Public()`: a route anyone may call, without a key and without rate limiting.
 */
import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'petstore:public';

/** Opts a route out of API-key authentication and rate limiting. Everything else needs a key. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
