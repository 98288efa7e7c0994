// The OpenAPI document's error examples are answers the API gives, word for word, and its
// description's facts are all filled from the contract.
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument, fillFacts } from './openapi.js';
import { ERRORS, PROBLEMS } from './problems.js';
import { describeDetails } from './validation.js';

type Node = Record<string, unknown>;

/** Every error example anywhere in the document. */
function examples(node: unknown, found: Node[] = []): Node[] {
  if (typeof node !== 'object' || node === null) return found;
  const examplesNode = (node as Node)['examples'];
  if (typeof examplesNode === 'object' && examplesNode !== null && !Array.isArray(examplesNode))
    for (const example of Object.values(examplesNode as Record<string, { value?: Node }>))
      if (example.value?.['code'] !== undefined) found.push(example.value);
  for (const child of Object.values(node)) examples(child, found);
  return found;
}

describe('the error examples of the OpenAPI document', () => {
  it('are answers the API gives, word for word', () => {
    const document = createOpenApiDocument();
    const words = new Set<string>(
      Object.values(PROBLEMS)
        .filter((problem) => typeof problem !== 'function')
        .map((problem) => (problem as { message: string }).message),
    );
    for (const problem of Object.values(ERRORS)) words.add(problem.message);
    const found = examples(document);
    expect(found.length).toBeGreaterThan(20);
    for (const example of found) {
      const details = example['details'] as { field: string; issue: string }[] | undefined;
      const message = example['message'] as string;
      if (details)
        expect(message, JSON.stringify(example)).toMatch(
          new RegExp(`: ${describeDetails(details).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.$`),
        );
      else expect(words, message).toContain(message);
    }
  });

  it('fill every fact of the description from the contract, which stays a few lines', () => {
    const description = (createOpenApiDocument()['info'] as Node)['description'] as string;
    expect(description).not.toContain('{{');
    expect(description).toContain('removed on 5 December 2030');
    expect(description).toContain('docs/partners/');
    expect(description.split('\n').length).toBeLessThanOrEqual(10);
  });
});

describe('the facts of a template', () => {
  it('fill each {{name}}, and a name without a fact is an error', () => {
    expect(fillFacts(' a {{x}} b {{y.z}} \n', { x: 1, 'y.z': 'two' })).toBe('a 1 b two');
    expect(() => fillFacts('{{nope}}', { x: 1 })).toThrow('unknown fact: nope');
  });
});
