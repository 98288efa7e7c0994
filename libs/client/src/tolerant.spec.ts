// Answers with what this version does not know: unknown fields dropped at every depth, unknown enum
// values and kinds of object kept, every rule of the known ones kept.
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
      // Each object is still there (a union of kinds may have gained the unknown kind).
      expect(relaxed.map(({ path }) => path)).toEqual(
        expect.arrayContaining(objectsIn(schema).map(({ path }) => path)),
      );
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

describe('tolerant enums', () => {
  const Status = z.enum(['available', 'pending', 'sold']);

  it('keeps a value it does not know as its string, and refuses what is not a string', () => {
    const schema = tolerant(Status);
    expect(schema.parse('sold')).toBe('sold');
    expect(schema.parse('adopted')).toBe('adopted');
    for (const bad of [7, null, undefined, true, {}, ['sold']])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('keeps the rules of the known values', () => {
    const schema = tolerant(Status.refine((status) => status !== 'pending', { error: 'no' }));
    expect(schema.parse('sold')).toBe('sold');
    expect(schema.safeParse('pending').success).toBe(false);
    expect(schema.parse('adopted')).toBe('adopted');
  });

  it('reaches enums in objects, arrays, optional and nullable fields and records', () => {
    const schema = tolerant(
      z.strictObject({
        pets: z.array(z.strictObject({ status: Status })),
        mood: Status.optional(),
        size: Status.nullable(),
        byName: z.record(z.string(), Status),
      }),
    );
    expect(
      schema.parse({
        pets: [{ status: 'sold' }, { status: 'adopted', since: 'today' }],
        mood: 'asleep',
        size: 'huge',
        byName: { a: 'pending', b: 'lost' },
      }),
    ).toEqual({
      pets: [{ status: 'sold' }, { status: 'adopted' }],
      mood: 'asleep',
      size: 'huge',
      byName: { a: 'pending', b: 'lost' },
    });
    expect(schema.parse({ pets: [], size: null, byName: {} })).toEqual({
      pets: [],
      size: null,
      byName: {},
    });
    for (const bad of [
      { pets: [{ status: 1 }], size: null, byName: {} },
      { pets: [], mood: 1, size: null, byName: {} },
      { pets: [], mood: null, size: null, byName: {} },
      { pets: [], byName: {} },
      { pets: [], size: 1, byName: {} },
      { pets: [], size: null, byName: { a: 1 } },
    ])
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('widens two string literals or more, alone or as options of a union, and no other literal', () => {
    expect(tolerant(z.literal(['email', 'shown'])).parse('posted')).toBe('posted');
    expect(tolerant(z.literal(['email', 'shown'])).safeParse(1).success).toBe(false);
    expect(tolerant(z.literal('cli')).safeParse('robot').success).toBe(false);
    expect(tolerant(z.literal([1, 2])).safeParse(3).success).toBe(false);
    expect(tolerant(z.literal([1, 'a'])).safeParse('b').success).toBe(false);
    const actor = z.union([
      z.strictObject({ personId: z.int() }),
      z.literal('cli'),
      z.literal('anonymous'),
    ]);
    expect(tolerant(actor).parse('robot')).toBe('robot');
    expect(tolerant(actor).parse({ personId: 2, name: 'Ada' })).toEqual({ personId: 2 });
    expect(tolerant(actor).safeParse(5).success).toBe(false);
    const oneLiteral = z.union([z.strictObject({ personId: z.int() }), z.literal('cli')]);
    expect(tolerant(oneLiteral).parse('cli')).toBe('cli');
    expect(tolerant(oneLiteral).safeParse('robot').success).toBe(false);
  });
});

describe('tolerant unions of kinds of object', () => {
  const Pet = z.strictObject({ id: z.int(), status: z.enum(['available', 'sold']) });
  const Order = z.strictObject({ id: z.int(), petId: z.int() });
  const kinds = [
    z.strictObject({
      id: z.string().min(1),
      type: z.literal('pet.created'),
      createdAt: z.iso.datetime(),
      data: Pet,
    }),
    z.strictObject({
      id: z.string().min(1),
      type: z.literal('order.placed'),
      createdAt: z.iso.datetime().meta({ description: 'When the order was placed.' }),
      data: Order,
      orderOnly: z.string(),
    }),
  ] as const;
  const createdAt = '2030-01-01T00:00:00.000Z';

  it.each([
    ['discriminated', z.discriminatedUnion('type', [...kinds])],
    ['plain', z.union([...kinds])],
  ])(
    'a %s union takes a kind it does not know: its common fields checked, the others loose',
    (_, union) => {
      const schema = tolerant(union);
      expect(
        schema.parse({ id: 'e1', type: 'photo.added', createdAt, data: { url: 'x' }, extra: 1 }),
      ).toEqual({ id: 'e1', type: 'photo.added', createdAt, data: { url: 'x' } });
      expect(schema.parse({ id: 'e2', type: 'photo.added', createdAt, data: 3 })).toEqual({
        id: 'e2',
        type: 'photo.added',
        createdAt,
        data: 3,
      });
      // The known kinds as before, an unknown status in them kept.
      const known = { id: 'e3', type: 'pet.created', createdAt, data: { id: 1, status: 'lost' } };
      expect(schema.parse({ ...known, extra: true })).toEqual(known);
      for (const bad of [
        // A known kind breaking its own rules is not taken for an unknown one.
        { id: 'e4', type: 'pet.created', createdAt, data: { id: 'x', status: 'sold' } },
        { id: 'e4', type: 'order.placed', createdAt, data: { id: 1, petId: 2 } },
        { id: '', type: 'photo.added', createdAt, data: {} },
        { id: 'e4', type: 'photo.added', createdAt: 'yesterday', data: {} },
        { id: 'e4', type: 7, createdAt, data: {} },
        { type: 'photo.added', createdAt, data: {} },
      ])
        expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    },
  );

  it('takes no unknown kind when the kinds are not told apart by exactly one string literal', () => {
    const a = { kind: z.literal('a'), version: z.literal('1') };
    const b = { kind: z.literal('b'), version: z.literal('2') };
    for (const union of [
      // Two fields that could tell them apart.
      z.union([z.strictObject(a), z.strictObject(b)]),
      // One kind only.
      z.union([z.strictObject({ kind: z.literal('a') })]),
      // A kind that is not an object.
      z.union([z.strictObject({ kind: z.literal('a') }), z.literal('b')]),
      // A number, or two values, at the field.
      z.union([z.strictObject({ kind: z.literal('a') }), z.strictObject({ kind: z.literal(2) })]),
      z.union([
        z.strictObject({ kind: z.literal('a') }),
        z.strictObject({ kind: z.literal(['b', 3]) }),
      ]),
      // A field not in every kind.
      z.union([
        z.strictObject({ kind: z.literal('a') }),
        z.strictObject({ other: z.literal('b') }),
      ]),
    ])
      expect(tolerant(union).safeParse({ kind: 'z', version: '3', other: 'y' }).success).toBe(
        false,
      );
  });

  it('keeps a common field checked only when every kind has it alike', () => {
    const schema = tolerant(
      z.union([
        z.strictObject({
          type: z.literal('a'),
          at: z.iso.datetime(),
          n: z.int(),
          only: z.string(),
        }),
        z.strictObject({
          type: z.literal('b'),
          at: z.iso.datetime(),
          n: z.int(),
          only: z.string(),
        }),
        z.strictObject({ type: z.literal('c'), at: z.iso.datetime(), n: z.int().nullable() }),
      ]),
    );
    // `at` is alike in every kind, `n` not in the last, `only` not in the last at all (dropped).
    const at = '2030-01-01T00:00:00.000Z';
    expect(schema.parse({ type: 'd', at, n: 'y', only: 5 })).toEqual({ type: 'd', at, n: 'y' });
    expect(schema.safeParse({ type: 'd', at: 'x' }).success).toBe(false);
  });
});
