/** How a query parameter's value arrives: a string, or an array when it was repeated. */
import { z } from 'zod';

/** A query parameter arrives as a string, or as an array when it was repeated: refused then. */
export const once = (problem: string) =>
  z.string({
    error: (issue) => (Array.isArray(issue.input) ? 'must be given once' : problem),
  });
