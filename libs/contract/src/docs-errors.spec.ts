// The partners' errors page (docs/partners/errors.md) lists every error code of the contract, each
// with its status, and no code the contract does not have.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_STATUS, type ErrorCode } from './error.schema.js';
import { createOpenApiDocument } from './openapi.js';
import { ERRORS } from './problems.js';

const PAGE = join('docs', 'partners', 'errors.md');
const SECTION = '## Every code';

/**
 * The page, found from this file up: the repository's root is three folders up here, and further
 * when the tests run from a copy of the contract's folder (mutation testing's sandbox).
 */
function readPage(): string {
  for (let folder = dirname(fileURLToPath(import.meta.url)); ; folder = dirname(folder)) {
    const path = join(folder, PAGE);
    if (existsSync(path)) return readFileSync(path, 'utf8');
    if (dirname(folder) === folder) throw new Error(`No ${PAGE} above this test`);
  }
}

/** The codes of the page's table under "Every code": its first column, each with its status. */
function listedCodes(page: string): Map<string, string> {
  const start = page.indexOf(`\n${SECTION}\n`);
  if (start < 0) throw new Error(`${PAGE} has no "${SECTION}" section`);
  const end = page.indexOf('\n## ', start + SECTION.length + 1);
  const section = page.slice(start, end < 0 ? undefined : end);
  const listed = new Map<string, string>();
  for (const line of section.split('\n')) {
    const cells = line.split('|').map((cell) => cell.trim());
    const code = /^`([a-z_]+)`$/.exec(cells[1] ?? '')?.[1];
    if (code !== undefined) listed.set(code, cells[2] ?? '');
  }
  return listed;
}

/** Every code the contract has: the enum, the problems' codes, and those the document shows. */
function contractCodes(): Set<string> {
  const codes = new Set<string>(ERROR_CODES);
  for (const problem of Object.values(ERRORS)) codes.add(problem.code);
  const document = createOpenApiDocument() as {
    components: {
      schemas: Record<string, { enum?: string[] }>;
      responses: Record<string, { content?: Record<string, { examples?: object }> }>;
    };
  };
  for (const code of document.components.schemas['ErrorCode']?.enum ?? []) codes.add(code);
  for (const response of Object.values(document.components.responses))
    for (const media of Object.values(response.content ?? {}))
      for (const example of Object.values(media.examples ?? {}) as { value?: { code?: string } }[])
        if (example.value?.code !== undefined) codes.add(example.value.code);
  return codes;
}

describe('docs/partners/errors.md', () => {
  const listed = listedCodes(readPage());
  const contract = contractCodes();

  it('lists every error code of the contract', () => {
    const missing = [...contract].filter((code) => !listed.has(code));
    expect(missing, `codes the page does not list: ${missing.join(', ')}`).toEqual([]);
  });

  it('lists no code the contract does not have', () => {
    const unknown = [...listed.keys()].filter((code) => !contract.has(code));
    expect(unknown, `codes the contract does not have: ${unknown.join(', ')}`).toEqual([]);
  });

  it("gives each code the contract's status first", () => {
    const wrong = [...listed]
      .filter(([code]) => code in ERROR_STATUS)
      .filter(([code, status]) => !status.startsWith(String(ERROR_STATUS[code as ErrorCode])))
      .map(([code, status]) => `${code}: "${status}", not ${ERROR_STATUS[code as ErrorCode]}`);
    expect(wrong, wrong.join('; ')).toEqual([]);
  });
});
