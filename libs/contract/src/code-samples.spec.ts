// The code samples of the OpenAPI document: each operation's curl sample calls that operation, with
// a body the contract accepts and the Idempotency-Key where the operation takes one.
import { describe, expect, it } from 'vitest';
import { codeSamples, literal, pythonLiteral, SAMPLE_CALLS } from './code-samples.js';
import { HEADERS } from './headers.js';
import { createOpenApiDocument, describeDefaults } from './openapi.js';
import { type Operation, OPERATION_IDS, OPERATIONS } from './operations.js';

const takesIdempotencyKey = (operation: Operation) =>
  operation.headers !== undefined && HEADERS.idempotencyKey in operation.headers.shape;

describe('the code samples', () => {
  it.each(OPERATION_IDS)('of %s: curl calls its method and path', (id) => {
    const operation: Operation = OPERATIONS[id];
    const curl = codeSamples(id).find((sample) => sample.label === 'curl')?.source ?? '';
    const [, method = 'GET', path = ''] =
      /^curl(?: -X (\w+))? "\$PETSTORE_URL([^"?]*)(?:\?[^"]*)?"/.exec(curl) ?? [];
    expect(method).toBe(operation.method);
    const template = new RegExp(`^${operation.path.replaceAll(/\{\w+\}/g, '[1-9][0-9]*')}$`);
    expect(path).toMatch(template);
    expect(curl.includes(`${HEADERS.idempotencyKey}: `)).toBe(takesIdempotencyKey(operation));
    expect(curl.includes('Authorization: Bearer')).toBe(
      operation.access === 'key' || operation.access === 'staff',
    );
  });

  it.each(OPERATION_IDS.filter((id) => (OPERATIONS[id] as Operation).body !== undefined))(
    'of %s: send a body the contract accepts, or one only a browser makes',
    (id) => {
      const operation: Operation = OPERATIONS[id];
      const call = SAMPLE_CALLS[id];
      if (call.bodyFile !== undefined) {
        expect(call.body).toBeUndefined();
        return;
      }
      expect(operation.body?.safeParse(call.body).error).toBeUndefined();
      const curl = codeSamples(id)[0]?.source ?? '';
      expect(curl).toContain(`-d '${JSON.stringify(call.body)}'`);
    },
  );

  it('send no body to an operation without one, and no query it does not take', () => {
    for (const id of OPERATION_IDS) {
      const operation: Operation = OPERATIONS[id];
      const call = SAMPLE_CALLS[id];
      if (operation.body === undefined) expect(call.body ?? call.bodyFile, id).toBeUndefined();
      // As the query string sends them: text.
      const query =
        call.query && Object.fromEntries(Object.entries(call.query).map(([k, v]) => [k, `${v}`]));
      if (query !== undefined) expect(operation.query?.safeParse(query).error, id).toBeUndefined();
    }
  });

  it('are curl, TypeScript and Python, but for the browser redirects of single sign-on', () => {
    const labels = (id: (typeof OPERATION_IDS)[number]) =>
      codeSamples(id).map((sample) => sample.label);
    for (const id of OPERATION_IDS) {
      if (id === 'startSingleSignOn' || id === 'finishSingleSignOn')
        expect(labels(id), id).toEqual(['curl']);
      else expect(labels(id), id).toEqual(['curl', 'TypeScript', 'Python']);
    }
  });

  it('are in the document, on every operation it has', () => {
    const paths = createOpenApiDocument()['paths'] as Record<string, Record<string, object>>;
    for (const id of OPERATION_IDS) {
      const operation: Operation = OPERATIONS[id];
      // Single sign-on's browser redirects are not in the document (openapi.spec.ts).
      if (operation.success.status === 303) continue;
      expect(paths[operation.path]?.[operation.method.toLowerCase()]).toMatchObject({
        'x-codeSamples': codeSamples(id),
      });
    }
  });
});

describe('the literals the samples write', () => {
  const value = {
    name: "Rex's ball",
    'x-trace': [1, true, false, null, {}, []],
    nested: { ok: 1 },
  };

  it('in TypeScript: as people write them, keys quoted only where they must be', () => {
    expect(literal(value)).toBe(
      "{ name: 'Rex\\'s ball', 'x-trace': [1, true, false, null, {}, []], nested: { ok: 1 } }",
    );
    expect(literal({ $id: 1, _a: 2, '1a': 3, 'a b': 4 })).toBe(
      "{ $id: 1, _a: 2, '1a': 3, 'a b': 4 }",
    );
  });

  it('in Python: True, False, None, lists and dicts', () => {
    expect(pythonLiteral(value)).toBe(
      '{"name": "Rex\'s ball", "x-trace": [1, True, False, None, {}, []], "nested": {"ok": 1}}',
    );
  });
});

describe('describeDefaults', () => {
  it("moves each property's default into its description, at any depth and in arrays", () => {
    const node = {
      properties: {
        status: { type: 'string', default: 'available', description: 'Its status.' },
        limit: { type: 'integer', default: 20 },
        said: { default: 'free', description: 'The plan; `free` when omitted.' },
        plain: { type: 'string' },
        flag: true,
        list: [{ default: 1 }],
      },
      oneOf: [{ properties: { role: { default: 'partner' } } }],
    };
    describeDefaults(node);
    expect(node).toEqual({
      properties: {
        status: { type: 'string', description: 'Its status. `available` when omitted.' },
        limit: { type: 'integer', description: '`20` when omitted.' },
        said: { description: 'The plan; `free` when omitted.' },
        plain: { type: 'string' },
        flag: true,
        list: [{ default: 1 }],
      },
      oneOf: [{ properties: { role: { description: '`partner` when omitted.' } } }],
    });
  });
});
