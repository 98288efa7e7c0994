/**
 * `expand` (as Stripe names it): a list's items gain the names of what they refer to, in the same
 * request. A comma-separated list of the fields a list can expand, each at most once.
 */
import { z } from 'zod';
import { documentedAs } from './documented.js';
import { once } from './query-value.js';

/** The query parameter `expand` of a list whose items can expand `fields`. */
export function expandParam<const F extends string>(
  fields: readonly [F, ...F[]],
  componentId: string,
  description: string,
) {
  const issue = `must be a comma-separated list of ${fields.join(', ')}, each at most once`;
  const pattern = `^(${fields.join('|')})(,(${fields.join('|')}))*$`;
  const schema = once(issue)
    .transform((text, context): F[] => {
      const named = text.split(',');
      const unique = new Set(named);
      if (unique.size !== named.length || !named.every((field) => fields.includes(field as F))) {
        context.issues.push({ code: 'custom', message: issue, input: text });
        return z.NEVER;
      }
      // In the order `fields` gives, whatever order they were named in.
      return fields.filter((field) => unique.has(field));
    })
    .optional()
    .meta({ description });
  return documentedAs(schema, componentId, { type: 'string', pattern });
}

/** The text of an `expand` for a `Link`: the fields as the request's value gave them, or none. */
export const expandText = (fields: readonly string[] | undefined): string | undefined =>
  fields === undefined ? undefined : fields.join(',');
