/**
 * The one rule for text people type and other people read: pet names, account names and key
 * labels. The API validates with it, the client checks locally with it, and the admin's forms show
 * its words. Accents, every script and emoji sequences are fine; what could hide or disguise text
 * (in a browser, a terminal or a log) is not.
 */
import { z } from 'zod';

/** C0 and C1 control characters (Unicode category Cc), NUL included. */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Bidirectional embeddings, overrides and isolates: they reorder the text around them. */
const BIDI_CONTROL = /[\u202a-\u202e\u2066-\u2069]/u;
/** A UTF-16 surrogate that is not half of a pair (in `u` mode pairs match as one code point). */
const LONE_SURROGATE = /[\ud800-\udfff]/u;
/**
 * What shows nothing on its own: white space, default-ignorable code points (zero-width
 * characters, fillers such as U+3164, variation selectors), other format characters, and the blank
 * braille pattern U+2800.
 */
const INVISIBLE = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\u2800]$/u;

/**
 * The same refusals as a JSON Schema `pattern`, for the OpenAPI document: the control characters
 * as `\x` escapes, which code generators copy into regular expressions as they are (some turn
 * every `\u` escape of what they print into the character itself, NUL included).
 */
export const TEXT_PATTERN = '^[^\\x00-\\x1f\\x7f-\\x9f\\u202a-\\u202e\\u2066-\\u2069]*$';

/** Length in Unicode code points, the unit JSON Schema's `maxLength` counts. */
export function codePointLength(value: string): number {
  let length = 0;
  for (const _codePoint of value) length += 1;
  return length;
}

/** True when some character of `value` shows something. */
export function hasVisibleCharacter(value: string): boolean {
  for (const character of value) if (!INVISIBLE.test(character)) return true;
  return false;
}

/** `is required` for a missing value, otherwise `must be …`. */
export const expected =
  (what: string) =>
  (issue: { input?: unknown }): string =>
    issue.input === undefined ? 'is required' : `must be ${what}`;

export interface TextRule {
  /** Most characters (code points) after trimming. */
  max: number;
  /** Whether nothing at all (after trimming) is allowed. */
  allowEmpty: boolean;
}

/**
 * Text as people type it: control and bidirectional control characters refused anywhere, white
 * space trimmed at either end, then at most `max` characters, at least one of them visible (or
 * none at all, where `allowEmpty`).
 */
export function displayText({ max, allowEmpty }: TextRule) {
  return (
    z
      .string({ error: expected('a string') })
      .refine((value) => !CONTROL_CHARACTER.test(value), {
        error: 'must not contain control characters',
      })
      .refine((value) => !BIDI_CONTROL.test(value), {
        error: 'must not contain bidirectional control characters',
      })
      .refine((value) => !LONE_SURROGATE.test(value), { error: 'must be well-formed Unicode' })
      .trim()
      // Not aborting: the checks after this one pass an empty value, and the object's own checks (an
      // enterprise account's limits) still run, so every problem is told at once.
      .refine((value) => allowEmpty || value.length > 0, { error: 'must not be empty' })
      .refine((value) => value.length === 0 || hasVisibleCharacter(value), {
        error: 'must contain a visible character',
      })
      .refine((value) => codePointLength(value) <= max, {
        error: `must be at most ${max} characters`,
      })
      .meta({ ...(allowEmpty ? {} : { minLength: 1 }), maxLength: max, pattern: TEXT_PATTERN })
  );
}

/** Words for descriptions in the OpenAPI document. */
export const TEXT_RULE_DESCRIPTION =
  'White space at either end is removed. No control characters (NUL included) and no bidirectional controls (U+202A–U+202E, U+2066–U+2069); at least one visible character (not only white space, zero-width or filler characters).';
export const OPTIONAL_TEXT_RULE_DESCRIPTION =
  'White space at either end is removed. No control characters (NUL included) and no bidirectional controls (U+202A–U+202E, U+2066–U+2069); empty, or with at least one visible character (not only white space, zero-width or filler characters).';
