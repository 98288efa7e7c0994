/**
 * The API's own imports, read with TypeScript's import scanner: dependencies inside the API point one
 * way. Between files there is no cycle at all; between folders the lint rules in eslint.config.js
 * say which way each may point, and this finds any cycle they do not cover.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = fileURLToPath(new URL('.', import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  for (const file of sources(SRC)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    edges.set(
      relative(SRC, file),
      importedFiles
        .map(({ fileName }) => fileName)
        .filter((name) => name.startsWith('.'))
        .map((name) => relative(SRC, resolve(dirname(file), name.replace(/\.js$/, '.ts')))),
    );
  }
  return edges;
}

/** Every cycle found by a depth-first walk, each as the path that closes it. */
function cycles(edges: Map<string, readonly string[]>): string[][] {
  const found: string[][] = [];
  const done = new Set<string>();
  const walk = (node: string, path: string[]) => {
    const at = path.indexOf(node);
    if (at >= 0) {
      found.push([...path.slice(at), node]);
      return;
    }
    if (done.has(node)) return;
    for (const next of edges.get(node) ?? []) walk(next, [...path, node]);
    done.add(node);
  };
  for (const node of edges.keys()) walk(node, []);
  return found;
}

const folderOf = (file: string) => (file.includes(sep) ? (file.split(sep)[0] ?? '') : '(root)');

describe("the API's imports", () => {
  it('form no cycle between files', () => {
    expect(cycles(graph()).map((cycle) => cycle.map((file) => file.split(sep).join('/')))).toEqual(
      [],
    );
  });

  it('form no cycle between folders', () => {
    const folders = new Map<string, Set<string>>();
    for (const [file, imports] of graph()) {
      const from = folderOf(file);
      const set = folders.get(from) ?? new Set<string>();
      for (const target of imports) if (folderOf(target) !== from) set.add(folderOf(target));
      folders.set(from, set);
    }
    const found = cycles(new Map([...folders].map(([folder, set]) => [folder, [...set]])));
    expect(found.map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it('finds a cycle where there is one', () => {
    const planted = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(cycles(planted)).toEqual([['a.ts', 'b.ts', 'c.ts', 'a.ts']]);
  });
});
