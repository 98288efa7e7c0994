// Answers with fields this version does not know: the unknown ones dropped at every depth, every
// rule of the known ones kept.
import { ApiError, type Operation, OPERATIONS } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { tolerant } from './tolerant.js';

/** The kinds of schema an answer is made of that hold no other schema. */
const LEAVES = [
  z.ZodString,
  z.ZodStringFormat,
  z.ZodNumber,
  z.ZodBoolean,
  z.ZodLiteral,
  z.ZodEnum,
  z.ZodUnknown,
  z.ZodNull,
  z.ZodUndefined,
];

/** Every object in the schema, failing on a kind of schema this walk (and `tolerant`) does not know. */
function objectsIn(schema: z.ZodType, path = '$'): { path: string; object: z.ZodObject }[] {
  if (schema instanceof z.ZodObject)
    return [
      { path, object: schema },
      ...Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
        objectsIn(value, `${path}.${key}`),
      ),
    ];
  if (schema instanceof z.ZodArray) return objectsIn(schema.element as z.ZodType, `${path}[]`);
  if (schema instanceof z.ZodUnion)
    return (schema.options as z.ZodType[]).flatMap((option, index) =>
      objectsIn(option, `${path}|${index}`),
    );
  if (schema instanceof z.ZodRecord) return objectsIn(schema.valueType as z.ZodType, `${path}{}`);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable)
    return objectsIn(schema.unwrap() as z.ZodType, path);
  if (LEAVES.some((leaf) => schema instanceof leaf)) return [];
  throw new Error(`${path}: a ${schema.constructor.name}, which tolerant() does not look into`);
}

const answers: [string, z.ZodType][] = [
  ['ApiError', ApiError],
  ...Object.entries(OPERATIONS).flatMap(([id, operation]): [string, z.ZodType][] => {
    const { success }: Operation = operation;
    return success.schema === undefined ? [] : [[id, success.schema]];
  }),
];

describe('tolerant', () => {
  it.each(answers)(
    'lets every object in the answer of %s carry fields it does not know',
    (_, schema) => {
      const strict = objectsIn(schema).filter(({ object }) => object.def.catchall !== undefined);
      // The contract's answers are exact: there is something to relax.
      if (schema !== (OPERATIONS.getOpenApiDocument.success.schema as z.ZodType))
        expect(strict).not.toEqual([]);
      const relaxed = objectsIn(tolerant(schema));
      expect(relaxed.map(({ path }) => path)).toEqual(objectsIn(schema).map(({ path }) => path));
      // None refuses a field it does not know (a catchall of never).
      expect(relaxed.filter(({ object }) => object.def.catchall instanceof z.ZodNever)).toEqual([]);
    },
  );

  it('drops the unknown fields and keeps every rule of the known ones', () => {
    const schema = z
      .strictObject({
        id: z.int().min(1),
        tags: z.array(z.strictObject({ name: z.string() })).max(2),
        owner: z.union([z.strictObject({ id: z.int() }), z.literal('cli')]).optional(),
        changes: z.record(z.string(), z.strictObject({ to: z.string() }).nullable()),
      })
      .refine((value) => value.id !== 13, { error: 'unlucky' });
    const relaxed = tolerant(schema);
    expect(
      relaxed.parse({
        id: 1,
        extra: true,
        tags: [{ name: 'a', colour: 'red' }],
        owner: { id: 2, since: 'today' },
        changes: { a: { to: 'b', from: 'c' }, b: null },
      }),
    ).toEqual({
      id: 1,
      tags: [{ name: 'a' }],
      owner: { id: 2 },
      changes: { a: { to: 'b' }, b: null },
    });
    for (const bad of [
      { id: 0, tags: [], changes: {} },
      { id: 13, tags: [], changes: {} },
      { id: 1, tags: [{ name: 'a' }, { name: 'b' }, { name: 'c' }], changes: {} },
      { id: 1, tags: [{}], changes: {} },
      { id: 1, tags: [], owner: { id: 'x' }, changes: {} },
      { id: 1, tags: [], changes: { a: { from: 'c' } } },
    ])
      expect(relaxed.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(tolerant(schema)).toBe(relaxed);
  });

  it('keeps every field of an object that takes any (the OpenAPI document), and its own rules', () => {
    const schema = tolerant(z.looseObject({ openapi: z.string() }));
    expect(schema.parse({ openapi: '3.1.0', paths: { '/pets': {} } })).toEqual({
      openapi: '3.1.0',
      paths: { '/pets': {} },
    });
    expect(schema.safeParse({ paths: {} }).success).toBe(false);
  });

  it('keeps the checks of arrays and the values of leaves', () => {
    const schema = tolerant(z.array(z.literal('a')).length(2));
    expect(schema.parse(['a', 'a'])).toEqual(['a', 'a']);
    expect(schema.safeParse(['a']).success).toBe(false);
    expect(schema.safeParse(['a', 'b']).success).toBe(false);
  });
});
