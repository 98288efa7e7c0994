/**
 * An id read from a path (`/pets/{petId}`): a canonical positive decimal integer, or `404` in the
 * words of the thing it would name, as a path that names nothing is.
 */
import { IdParam, type Problem } from '@pets/contract';
import { ApiException } from '../errors/api-exception.js';

export function pathId(text: string, notFound: Problem): number {
  const id = IdParam.safeParse(text);
  if (!id.success) throw ApiException.of(notFound);
  return id.data;
}
