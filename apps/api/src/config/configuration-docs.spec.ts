// The operators' configuration page against the schema that reads the environment: every variable
// the schema reads is on the page, the page names none it does not read, and a default the page
// writes as a value is the schema's own.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema } from './config.schema.js';
import { loadConfig } from './config.js';

const PAGE = new URL('../../../../docs/operators/configuration.md', import.meta.url);
const SOURCE = new URL('..', import.meta.url);

/** The variables the schema reads: the keys of its object shape. */
const SCHEMA_VARIABLES = Object.keys(EnvSchema.shape).sort();

/** A setting as the page's tables write it: `| `NAME` | default | meaning | example |`. */
interface DocumentedSetting {
  readonly name: string;
  readonly defaultCell: string;
}

/** Every table row whose first cell is one variable in backticks, in the page's order. */
function documentedSettings(): DocumentedSetting[] {
  const text = readFileSync(PAGE, 'utf8');
  return [...text.matchAll(/^\|\s*`([A-Z][A-Z0-9_]*)`\s*\|([^|\n]*)\|/gm)].map((row) => ({
    name: row[1] ?? '',
    defaultCell: (row[2] ?? '').trim(),
  }));
}

/** The default the schema gives a variable that is not set, as the page would write it. */
function schemaDefault(name: string): string | undefined {
  const field = EnvSchema.shape[name as keyof typeof EnvSchema.shape];
  const value: unknown = field.parse(undefined);
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return undefined;
  return JSON.stringify(value).replace(/^"|"$/g, '');
}

/** The TypeScript files of the API, tests left out. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('docs/operators/configuration.md', () => {
  const documented = documentedSettings();
  const names = documented.map((setting) => setting.name);

  it('documents every variable the config schema reads', () => {
    const missing = SCHEMA_VARIABLES.filter((name) => !names.includes(name));
    expect(missing, `read by the config schema, not on the page: ${missing.join(', ')}`).toEqual(
      [],
    );
  });

  it('documents no variable the config schema does not read', () => {
    const unknown = names.filter((name) => !SCHEMA_VARIABLES.includes(name));
    expect(unknown, `on the page, not read by the config schema: ${unknown.join(', ')}`).toEqual(
      [],
    );
  });

  it('documents each variable once', () => {
    const twice = names.filter((name, index) => names.indexOf(name) !== index);
    expect(twice, `on the page more than once: ${twice.join(', ')}`).toEqual([]);
  });

  it("writes the schema's default where it gives one as a value, and none where there is none", () => {
    const wrong = documented.flatMap(({ name, defaultCell }) => {
      const expected = schemaDefault(name);
      // A default written as a value is in backticks; prose ("none", "the issuer's host") is not.
      const written = /^`([^`]*)`/.exec(defaultCell)?.[1];
      return written === expected ? [] : [`${name}: page ${defaultCell}, schema ${expected}`];
    });
    expect(wrong, `defaults that differ: ${wrong.join('; ')}`).toEqual([]);
  });

  it('the schema is all loadConfig reads of the environment', () => {
    const read = new Set<string>();
    const env = new Proxy<Record<string, string | undefined>>(
      {},
      {
        get(_target, name) {
          if (typeof name === 'string') read.add(name);
          return undefined;
        },
      },
    );
    loadConfig(env);
    expect([...read].sort()).toEqual(SCHEMA_VARIABLES);
  });

  it('no file of the API reads a variable of its own, past the schema', () => {
    const root = SOURCE.pathname;
    const readers = sourceFiles(root)
      .filter((file) => /process\.env\s*(\.|\[)/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file));
    expect(readers).toEqual([]);
  });
});
