/**
 * The pets list as a CSV file (`GET /pets` with `Accept: text/csv`): its media type, columns, file
 * name, the cells neutralised for spreadsheets, and how `Accept` chooses between it and JSON.
 */
import { Pet } from './pet.schema.js';

/** The media type of the file, as `Accept` asks for it. */
export const CSV_MEDIA_TYPE = 'text/csv';
/** The answer's `Content-Type`. */
export const CSV_CONTENT_TYPE = `${CSV_MEDIA_TYPE}; charset=utf-8`;
/** The name a browser saves the file under (`Content-Disposition`). */
export const PETS_CSV_FILENAME = 'pets.csv';
/** The header row's cells: a pet's fields, in the order of `Pet`. */
export const PETS_CSV_COLUMNS = Object.keys(Pet.shape) as readonly (keyof Pet)[];
/**
 * A cell starting with one of these is prefixed with `'`, so a spreadsheet shows it as text rather
 * than running it as a formula (OWASP's CSV injection advice).
 */
export const CSV_FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;

/** What `GET /pets` answers with, as `Accept` chooses. */
export type PetsMediaType = 'application/json' | typeof CSV_MEDIA_TYPE;

/**
 * The media type an `Accept` header chooses for the pets list (RFC 9110 §12.5.1): the most
 * specific range naming each type gives its `q`; the higher `q` wins; JSON on a tie (so `*\/*`),
 * without `Accept`, and when neither is acceptable (the API answers JSON rather than `406`, as
 * GitHub and Stripe do).
 */
export function petsMediaType(accept: string | undefined): PetsMediaType {
  if (accept === undefined) return 'application/json';
  const ranges = accept.split(',').flatMap((part) => {
    const [range = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = parameters.find((parameter) => /^q\s*=/.test(parameter));
    const weight = q === undefined ? 1 : Number(q.replace(/^q\s*=\s*/, ''));
    return Number.isFinite(weight) ? [{ range, weight: Math.min(Math.max(weight, 0), 1) }] : [];
  });
  const weightOf = (type: PetsMediaType): number => {
    const [kind] = type.split('/');
    for (const candidate of [type, `${kind}/*`, '*/*']) {
      const match = ranges.filter(({ range }) => range === candidate);
      if (match.length > 0) return Math.max(...match.map(({ weight }) => weight));
    }
    return 0;
  };
  const csv = weightOf(CSV_MEDIA_TYPE);
  // Weights are never below 0, so a CSV weight above JSON's is above 0: acceptable.
  return csv > weightOf('application/json') ? CSV_MEDIA_TYPE : 'application/json';
}
