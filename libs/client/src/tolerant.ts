/**
 * Answers checked against the contract, but accepting fields this version does not know: the API
 * may add one in a minor version.
 */
import { z } from 'zod';

const built = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The contract's schema, except that objects drop fields they do not know (as Stripe's and GitHub's
 * APIs add them in minor versions); a known field missing or of the wrong type is still invalid.
 * Built once per schema.
 */
export function tolerant<S extends z.ZodType>(schema: S): S {
  let result = built.get(schema);
  if (result === undefined) {
    result = build(schema);
    built.set(schema, result);
  }
  // `build` changes only whether unknown keys are refused, never what a valid answer parses to.
  return result as S;
}

function build(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    const shape = Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([key, value]) => [
        key,
        tolerant(value),
      ]),
    );
    // An object that takes any field (the OpenAPI document) keeps them all.
    const loose = schema.def.catchall instanceof z.ZodUnknown;
    return withChecks(loose ? z.looseObject(shape) : z.object(shape), schema);
  }
  if (schema instanceof z.ZodArray)
    return withChecks(z.array(tolerant(schema.element as z.ZodType)), schema);
  if (schema instanceof z.ZodUnion)
    return withChecks(
      z.union((schema.options as z.ZodType[]).map((option) => tolerant(option))),
      schema,
    );
  if (schema instanceof z.ZodRecord)
    return withChecks(z.record(schema.keyType, tolerant(schema.valueType as z.ZodType)), schema);
  if (schema instanceof z.ZodOptional) return tolerant(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return tolerant(schema.unwrap() as z.ZodType).nullable();
  return schema;
}

/** The refinements of `from` (an object's or an array's own checks) on the rebuilt schema. */
function withChecks(rebuilt: z.ZodType, from: z.ZodType): z.ZodType {
  // A check of `from` applies to the same values on `rebuilt` (they differ only in unknown keys).
  return rebuilt.check(...((from.def.checks ?? []) as z.core.$ZodCheck<unknown>[]));
}
