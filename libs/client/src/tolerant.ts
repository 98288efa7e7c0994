/**
 * Answers checked against the contract, but accepting what this version does not know: the API may
 * add a field, an enum value or a kind of object in a minor version.
 */
import { z } from 'zod';

/** Whether `T` is a union of two or more types. */
type IsUnion<T, All = T> = T extends unknown ? ([All] extends [T] ? false : true) : never;

/** Strings drawn from a set (an enum, or two literals or more) take any other string too. */
type TolerantText<S> = [S] extends [never]
  ? never
  : string extends S
    ? S
    : true extends IsUnion<S>
      ? S | (string & {})
      : S;

type TolerantEach<V> = V extends object ? { [K in keyof V]: Tolerant<V[K]> } : V;

/**
 * What the client answers for the contract's type `T`: an enum's value (`PetStatus`) reads
 * `PetStatus | (string & {})`, as a value the API added since is kept as its string. Everything
 * else, numbers and ids and dates, is as the contract says.
 *
 * An object of a kind the client does not know, in a union told apart by one string field (an
 * event's `type`), is kept too (see {@link tolerant}) but has no type of its own here: TypeScript
 * cannot say "any other string" without `switch (event.type)` then no longer narrowing the known
 * kinds. Give such a switch a `default` that expects the unknown.
 */
export type Tolerant<T> = TolerantText<Extract<T, string>> | TolerantEach<Exclude<T, string>>;

const built = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The contract's schema, except that objects drop fields they do not know (as Stripe's and GitHub's
 * APIs add them in minor versions), an enum (or a union of string literals) keeps a value it does
 * not know as its string, and a union of objects told apart by one string literal field takes an
 * object of another kind (`unknownObjectOf`). A known field missing or of the wrong type, a known
 * value breaking a rule, is still invalid. Built once per schema.
 */
export function tolerant<S extends z.ZodType>(schema: S): z.ZodType<Tolerant<z.output<S>>> {
  let result = built.get(schema);
  if (result === undefined) {
    result = build(schema);
    built.set(schema, result);
  }
  // `build` keeps what a known answer parses to, and widens enums as `Tolerant` does.
  return result as z.ZodType<Tolerant<z.output<S>>>;
}

/** The strings of a set, when all its values are strings and there are two or more. */
function stringSet(values: Iterable<unknown>): ReadonlySet<string> | undefined {
  const set = new Set([...values]);
  return set.size >= 2 && [...set].every((value) => typeof value === 'string')
    ? (set as Set<string>)
    : undefined;
}

/** Any string but the known ones (which go by their own schema, and its rules). */
const otherThan = (known: ReadonlySet<string>) => z.string().refine((value) => !known.has(value));

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
  if (schema instanceof z.ZodUnion) {
    const options = schema.options as z.ZodType[];
    const literals = stringSet(
      options.flatMap((option) => (option instanceof z.ZodLiteral ? [...option.values] : [])),
    );
    const unknownObject = unknownObjectOf(options);
    return withChecks(
      z.union([
        ...options.map((option) => tolerant(option)),
        ...(literals === undefined ? [] : [otherThan(literals)]),
        ...(unknownObject === undefined ? [] : [unknownObject]),
      ]),
      schema,
    );
  }
  if (schema instanceof z.ZodRecord)
    return withChecks(z.record(schema.keyType, tolerant(schema.valueType as z.ZodType)), schema);
  if (schema instanceof z.ZodOptional) return tolerant(schema.unwrap() as z.ZodType).optional();
  if (schema instanceof z.ZodNullable) return tolerant(schema.unwrap() as z.ZodType).nullable();
  if (schema instanceof z.ZodEnum || schema instanceof z.ZodLiteral) {
    const known = stringSet(schema instanceof z.ZodEnum ? schema.options : schema.values);
    // The schema itself first: a known value keeps its rules (and fails by them).
    if (known !== undefined) return z.union([schema, otherThan(known)]);
  }
  return schema;
}

/**
 * For two or more objects told apart by one field that each has as one string literal: an object
 * whose field is any other string, with the fields every object has alike (the others `unknown`),
 * e.g. an event of a type added since as `{ id, type, createdAt, data: unknown }`.
 */
function unknownObjectOf(options: z.ZodType[]): z.ZodObject | undefined {
  if (options.length < 2 || !options.every((option) => option instanceof z.ZodObject)) return;
  const shapes = options.map((option) => option.shape as Record<string, z.ZodType>);
  const [first, ...others] = shapes as [Record<string, z.ZodType>, ...Record<string, z.ZodType>[]];
  const common = Object.keys(first).filter((key) => others.every((shape) => key in shape));
  /** The one string each object has at `key`, if each has one. */
  const kindsAt = (key: string) =>
    shapes.map((shape) => {
      const field = shape[key];
      return field instanceof z.ZodLiteral && field.values.size === 1 ? field.value : undefined;
    });
  const discriminators = common.filter((key) =>
    kindsAt(key).every((kind) => typeof kind === 'string'),
  );
  if (discriminators.length !== 1) return;
  const [discriminator] = discriminators as [string];
  const known = new Set(kindsAt(discriminator) as string[]);
  return z.object(
    Object.fromEntries(
      common.map((key) => {
        if (key === discriminator) return [key, otherThan(known)];
        const field = first[key] as z.ZodType;
        const same = others.every((shape) => alike(shape[key] as z.ZodType, field));
        return [key, same ? tolerant(field) : z.unknown()];
      }),
    ),
  );
}

/**
 * Whether two schemas answer alike: the same JSON Schema, descriptions aside (an answer's schemas
 * all have one: the OpenAPI document is made of them).
 */
function alike(a: z.ZodType, b: z.ZodType): boolean {
  const bare = (schema: z.ZodType) =>
    JSON.stringify(z.toJSONSchema(schema, { metadata: z.registry() }));
  return bare(a) === bare(b);
}

/** The refinements of `from` (an object's or an array's own checks) on the rebuilt schema. */
function withChecks(rebuilt: z.ZodType, from: z.ZodType): z.ZodType {
  // A check of `from` applies to the known values on `rebuilt`, which parse as they did.
  return rebuilt.check(...((from.def.checks ?? []) as z.core.$ZodCheck<unknown>[]));
}
