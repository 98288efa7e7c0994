// How the document reads in the reference: a short description, and the tags in groups with the
// partners' operations first and signing in last, each tag in exactly one group.
import { describe, expect, it } from 'vitest';
import { createOpenApiDocument } from './openapi.js';

type Node = Record<string, unknown>;

describe('the document as the reference shows it', () => {
  it("groups every tag once: partners' first, then staff, then signing in", () => {
    const document = createOpenApiDocument() as Node;
    const groups = document['x-tagGroups'] as { name: string; tags: string[] }[];
    expect(groups.map((group) => group.name)).toEqual(['Partners', 'Staff', 'Signing in']);
    expect(groups[0]?.tags).toEqual(['pets', 'categories', 'store', 'events', 'account', 'meta']);
    expect(groups[2]?.tags).toEqual(['session', 'passkeys']);
    const tags = (document['tags'] as { name: string }[]).map((tag) => tag.name);
    expect(groups.flatMap((group) => group.tags).toSorted()).toEqual(tags.toSorted());
    const used = Object.values(document['paths'] as Record<string, Record<string, Node>>).flatMap(
      (item) => Object.values(item).flatMap((operation) => operation['tags'] as string[]),
    );
    expect([...new Set(used)].toSorted()).toEqual(tags.toSorted());
  });

  it('puts passkeys in a tag of their own, apart from the rest of signing in', () => {
    const paths = createOpenApiDocument()['paths'] as Record<string, Record<string, Node>>;
    expect(paths['/session/passkeys']?.['post']?.['tags']).toEqual(['passkeys']);
    expect(paths['/session/passkey']?.['post']?.['tags']).toEqual(['passkeys']);
    expect(paths['/session']?.['post']?.['tags']).toEqual(['session']);
  });
});
