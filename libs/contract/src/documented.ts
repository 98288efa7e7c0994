/**
 * How a query or path parameter read from a string is described in the OpenAPI document: by what
 * it means, with its description on the parameter.
 */
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A parameter arrives as a string and is read into what it means (`limit=20` into the number 20).
 * The OpenAPI document describes it by what it means: this gives `schema` the parameter's name for
 * `components/parameters` and has zod-openapi render it as `meaning` (a schema, read on its output
 * side, or JSON Schema), with its description on the parameter rather than in the schema.
 */
export function documentedAs<T extends z.ZodType>(
  schema: T,
  id: string,
  meaning: z.ZodType | JsonSchema = schema,
): T {
  const description =
    schema.description ??
    (schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType).description : undefined);
  const rendered =
    meaning instanceof z.ZodType ? z.toJSONSchema(meaning, { io: 'output' }) : meaning;
  const { description: _description, $schema: _dialect, ...documented } = rendered;
  return schema.meta({
    param: {
      id,
      // Said outright for an optional parameter, as readers of the document expect.
      ...(schema.safeParse(undefined).success ? { required: false } : {}),
      description,
    },
    override: ({ jsonSchema }: { jsonSchema: JsonSchema }) => {
      for (const key of Object.keys(jsonSchema)) Reflect.deleteProperty(jsonSchema, key);
      Object.assign(jsonSchema, documented);
    },
  });
}
