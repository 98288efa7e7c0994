// The TypeScript samples of the OpenAPI document call the client as it is: each names a method the
// client has.
import { codeSamples, OPERATION_IDS } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { createPetstoreClient } from './client.js';

const client = createPetstoreClient({ baseUrl: 'https://api.example.com/v1', apiKey: 'x' });

describe("the document's TypeScript samples", () => {
  it.each(OPERATION_IDS)('of %s name a method of the client', (id) => {
    const sample = codeSamples(id).find((each) => each.label === 'TypeScript');
    if (id === 'startSingleSignOn' || id === 'finishSingleSignOn') {
      expect(sample).toBeUndefined();
      return;
    }
    const [, path = ''] = /await client\.([\w.]+)\(/.exec(sample?.source ?? '') ?? [];
    const method = path
      .split('.')
      .reduce<unknown>((node, name) => (node as Record<string, unknown>)[name], client);
    expect(typeof method, path).toBe('function');
    expect(sample?.source).toContain("from '@petstore/client'");
  });
});
