/**
 * The embedded database's directory and files readable by their owner only (they hold emails,
 * password hashes and the audit trail): made so, or tightened, before SQLite opens the file.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from 'node:fs';
import { basename, dirname, resolve } from 'node:path';

/** The files SQLite keeps beside a database: the WAL, its shared-memory index, a rollback journal. */
const COMPANIONS = ['-wal', '-shm', '-journal'] as const;

/** Whether `file` names no file at all (an in-memory database). */
export function isInMemory(file: string): boolean {
  return file === '' || file === ':memory:' || file.startsWith('file::memory:');
}

/**
 * Makes the database's directory (0700) and file (0600) if missing, and tightens them and the -wal,
 * -shm and -journal files when group or others may read them (with chmod, so the umask does not
 * matter; SQLite gives the files it makes later the database file's mode). An existing directory is
 * tightened only when it holds nothing but the database's files and the first run's (`dev-*.txt`):
 * a home directory, the project's folder or /tmp is left as it is. Returns what was tightened
 * (`path (0644 -> 0600)`), for the caller to log once.
 */
export function ownerOnlySqlite(file: string): string[] {
  if (isInMemory(file)) return [];
  const path = resolve(file);
  const dir = dirname(path);
  const tightened: string[] = [];
  const tighten = (target: string, mode: number, loose: number) => {
    if ((loose & 0o077) === 0) return;
    chmodSync(target, mode);
    tightened.push(`${target} (${octal(loose)} -> ${octal(mode)})`);
  };

  if (existsSync(dir)) {
    const { mode, uid } = statSync(dir);
    const shared =
      (mode & 0o1000) !== 0 ||
      (process.getuid !== undefined && uid !== process.getuid()) ||
      !holdsOnlyData(dir, basename(path));
    if (!shared) tighten(dir, 0o700, mode & 0o777);
  } else {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Made here: 0700 whatever the umask, and nothing to report.
    chmodSync(dir, 0o700);
  }

  if (existsSync(path)) tighten(path, 0o600, statSync(path).mode & 0o777);
  else {
    // An empty file is an empty database to SQLite; made here so that it is never readable by
    // others ('a': another process making it at the same moment is no error).
    closeSync(openSync(path, 'a', 0o600));
    chmodSync(path, 0o600);
  }
  for (const suffix of COMPANIONS) {
    const companion = `${path}${suffix}`;
    if (existsSync(companion)) tighten(companion, 0o600, statSync(companion).mode & 0o777);
  }
  return tightened;
}

/** Whether `dir` holds only the database `name`, its companions and the first run's files. */
function holdsOnlyData(dir: string, name: string): boolean {
  const ours = new Set([name, ...COMPANIONS.map((suffix) => `${name}${suffix}`)]);
  return readdirSync(dir).every((entry) => ours.has(entry) || /^dev-[a-z-]+\.txt$/.test(entry));
}

const octal = (mode: number) => `0${mode.toString(8).padStart(3, '0')}`;
