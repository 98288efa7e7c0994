// The embedded database's directory and files owner only: made so, tightened, and a directory that
// others share left as it is.
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerOnlySqlite } from './sqlite-files.js';

const modeOf = (path: string) => statSync(path).mode & 0o7777;

describe('ownerOnlySqlite', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'pets-sqlite-files-'));
  });
  afterEach(() => {
    rmSync(root, { recursive: true, force: true });
  });

  it('makes the directory 0700 and an empty database file 0600, and reports nothing', () => {
    const file = join(root, 'a', 'data', 'petstore.sqlite');
    expect(ownerOnlySqlite(file)).toEqual([]);
    expect(modeOf(join(root, 'a', 'data'))).toBe(0o700);
    expect(modeOf(file)).toBe(0o600);
    expect(statSync(file).size).toBe(0);
  });

  it('tightens what group or others may read, names each, and then finds nothing more', () => {
    const data = join(root, 'data');
    mkdirSync(data);
    chmodSync(data, 0o755);
    const file = join(data, 'petstore.sqlite');
    for (const name of [file, `${file}-wal`, `${file}-journal`]) {
      writeFileSync(name, '');
      chmodSync(name, 0o640);
    }
    writeFileSync(`${file}-shm`, '');
    chmodSync(`${file}-shm`, 0o600);
    expect(ownerOnlySqlite(file)).toEqual([
      `${data} (0755 -> 0700)`,
      `${file} (0640 -> 0600)`,
      `${file}-wal (0640 -> 0600)`,
      `${file}-journal (0640 -> 0600)`,
    ]);
    for (const name of [file, `${file}-wal`, `${file}-shm`, `${file}-journal`])
      expect(modeOf(name)).toBe(0o600);
    expect(ownerOnlySqlite(file)).toEqual([]);
  });

  it('leaves a shared directory (sticky, like /tmp) as it is, and tightens the files in it', () => {
    const shared = join(root, 'shared');
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const file = join(shared, 'petstore.sqlite');
    writeFileSync(file, '');
    chmodSync(file, 0o644);
    expect(ownerOnlySqlite(file)).toEqual([`${file} (0644 -> 0600)`]);
    expect(modeOf(shared)).toBe(0o1777);
    expect(modeOf(file)).toBe(0o600);
  });

  it('tightens the data directory with the first run files in it, never a folder holding more', () => {
    const data = join(root, 'data');
    mkdirSync(data);
    chmodSync(data, 0o755);
    writeFileSync(join(data, 'dev-api-key.txt'), '');
    const file = join(data, 'petstore.sqlite');
    expect(ownerOnlySqlite(file)).toEqual([`${data} (0755 -> 0700)`]);
    // A relative path's folder (the project's, say) or a home directory keeps its mode.
    const project = join(root, 'project');
    mkdirSync(project);
    chmodSync(project, 0o755);
    writeFileSync(join(project, 'package.json'), '{}');
    const here = join(project, 'petstore.sqlite');
    expect(ownerOnlySqlite(here)).toEqual([]);
    expect(modeOf(project)).toBe(0o755);
    expect(modeOf(here)).toBe(0o600);
  });

  it('does nothing for an in-memory database', () => {
    const before = process.cwd();
    expect(ownerOnlySqlite(':memory:')).toEqual([]);
    expect(existsSync(join(before, ':memory:'))).toBe(false);
  });
});
