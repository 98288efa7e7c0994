/**
 * A refused category name in words, on the Name field: the API's 409 name_taken (naming the category
 * that has it, when this page knows it) and its 400 details.
 */
import { PetstoreApiError, type Category } from '@pets/client';
import { categoryNameKey, type ErrorDetail } from '@pets/contract';
import { detailsOf } from '../../../lib/errors.js';

/** Whether the API refused a name because another category has it, whatever its case. */
export const isNameTaken = (error: unknown): boolean =>
  error instanceof PetstoreApiError && error.status === 409 && error.code === 'name_taken';

/**
 * The issues of a refused create or rename placed on `name`: for a name taken, a sentence that
 * names the category that has it (names are one whatever their case, width or invisible characters: the contract's key); for a 400, the API's details.
 */
export function nameIssues(
  error: unknown,
  name: string,
  categories: readonly Category[] | undefined,
): readonly ErrorDetail[] {
  if (isNameTaken(error)) {
    const wanted = categoryNameKey(name.trim());
    const holder = categories?.find((category) => categoryNameKey(category.name) === wanted);
    return [
      {
        field: 'name',
        issue: holder
          ? `Another category is already called “${holder.name}”: names are the same whatever their case, width or invisible characters.`
          : 'Another category already has this name, whatever its case, width or invisible characters.',
      },
    ];
  }
  return detailsOf(error);
}
