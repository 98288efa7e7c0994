/**
 * Faults under the embedded database, on the built server as operators run it, checked after a
 * restart: every write acknowledged before, during and after the fault is there exactly once,
 * nothing answered with an error is, and every revocation holds as it was answered.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ServerProcess } from '@pets/services';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LoadedApi } from '../../test/loaded-api.js';
import { stopServer } from '../../test/processes.js';
import { durableAccount, phase } from '../../test/write-ledger.js';

/** Fills the file system at `dir` until it refuses another byte; returns the filler's path. */
function fillDisk(dir: string): string {
  const file = join(dir, 'filler');
  const fd = openSync(file, 'w');
  const chunk = Buffer.alloc(64 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  }
  const small = Buffer.alloc(512, 1);
  try {
    for (;;) writeSync(fd, small);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return file;
}

async function readyStatus(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
  await response.text();
  return response.status;
}

describe('a full disk under the SQLite database', () => {
  let mount: string;

  beforeEach(() => {
    mount = mkdtempSync(join(tmpdir(), 'pets-full-disk-'));
    // A real, small file system of its own: a failing mount is a failing test, never a skip.
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', mount]);
  });

  afterEach(() => {
    execFileSync('umount', ['-l', mount]);
    rmSync(mount, { recursive: true, force: true });
  });

  it('refuses writes with 503 while full, recovers when space returns, and loses nothing acknowledged across kill -9', async () => {
    const account = durableAccount(`sqlite:${join(mount, 'petstore.sqlite')}`, 3);
    const [during, after, kept] = [...account.spare.keys()];
    if (during === undefined || after === undefined || kept === undefined) throw new Error('keys');
    const run = await LoadedApi.start(account, 'Disk');
    const { ledger, seen } = run;
    try {
      seen['acknowledged before the fault'] = await phase(
        () => ledger.acknowledged.size >= 30,
        10_000,
      );

      // The disk fills: writes are refused with 503 (never a 500), /readyz says so.
      const changeHeld = await ledger.holdChanges(2);
      let filler = fillDisk(mount);
      seen['refused while full'] = await phase(() => ledger.refused.size >= 10, 10_000);
      // A small write may still fit while the disk is full (SQLite reuses the WAL's frames after a
      // checkpoint, and pages a removal freed): then it is stored, and the ledger proves it held
      // after the restart. Refused, it is a 503 like the creates above, never a 500.
      const changes = await changeHeld();
      seen['changes while full'] = changes.includes('refused') && !changes.includes('unanswered');
      const revocation = await ledger.revoke(during);
      seen['revocation while full'] = revocation === 503 || revocation === 200;
      seen['/readyz 503 while full'] = await phase(
        async () => (await readyStatus(run.server)) === 503,
        5_000,
      );
      const refusedWhileFull = ledger.refused.size;

      // Space comes back: the same process takes writes again, revocations included.
      rmSync(filler);
      seen['acknowledged after space returned'] = await run.moreAcknowledged(30, 10, 10_000);
      seen['revocation after'] = await ledger.revoke(after);
      seen['/readyz 200 after'] = await phase(
        async () => (await readyStatus(run.server)) === 200,
        5_000,
      );

      // Full again, and the process is killed in the middle of it.
      filler = fillDisk(mount);
      seen['refused the second time'] = await phase(
        () => ledger.refused.size >= refusedWhileFull + 5,
        10_000,
      );
      await stopServer(run.server);
      await run.stopWriting();
      rmSync(filler);

      await run.restartAndCheck();
      expect(ledger.revocations.get(kept)).toBeUndefined();
      expect(seen).toEqual({
        'acknowledged before the fault': true,
        'refused while full': true,
        'changes while full': true,
        'revocation while full': true,
        '/readyz 503 while full': true,
        'acknowledged after space returned': true,
        'revocation after': 200,
        '/readyz 200 after': true,
        'refused the second time': true,
      });
    } finally {
      await run.end();
    }
  }, 120_000);
});

describe('the SQLite files made unwritable and writable again', () => {
  let dir: string;
  let files: string[] = [];
  const chattr = (flag: '+i' | '-i') => {
    // Immutable even to root (ext4): every write to the file fails with an I/O error.
    const present = files.filter((file) => existsSync(file));
    if (present.length) execFileSync('chattr', [flag, ...present]);
  };

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'pets-unwritable-'));
  });

  afterEach(() => {
    chattr('-i');
    rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['the WAL', (file: string) => [`${file}-wal`]],
    ['the database and its WAL', (file: string) => [file, `${file}-wal`]],
  ])(
    '%s: writes are refused while it lasts and every acknowledged write survives a restart',
    async (_what, pick) => {
      const file = join(dir, 'petstore.sqlite');
      const account = durableAccount(`sqlite:${file}`, 2);
      const [during, after] = [...account.spare.keys()];
      if (during === undefined || after === undefined) throw new Error('keys');
      files = pick(file);
      const run = await LoadedApi.start(account, 'Io');
      const { ledger, seen } = run;
      try {
        seen['acknowledged before'] = await phase(() => ledger.acknowledged.size >= 30, 10_000);
        const changeHeld = await ledger.holdChanges(2);
        chattr('+i');
        try {
          seen['refused'] = await phase(() => ledger.refused.size >= 10, 10_000);
          seen['changes during'] = await changeHeld();
          seen['revocation during'] = await ledger.revoke(during);
          seen['/readyz 503 during'] = await phase(
            async () => (await readyStatus(run.server)) === 503,
            5_000,
          );
        } finally {
          chattr('-i');
        }
        seen['acknowledged after'] = await run.moreAcknowledged(30, 10, 10_000);
        seen['revocation after'] = await ledger.revoke(after);
        seen['/readyz 200 after'] = await phase(
          async () => (await readyStatus(run.server)) === 200,
          5_000,
        );
        seen['exit code'] = await run.stopGracefully();

        await run.restartAndCheck();
        expect(seen).toEqual({
          'acknowledged before': true,
          refused: true,
          'changes during': ['refused', 'refused'],
          'revocation during': 503,
          '/readyz 503 during': true,
          'acknowledged after': true,
          'revocation after': 200,
          '/readyz 200 after': true,
          'exit code': 0,
        });
      } finally {
        await run.end();
      }
    },
    120_000,
  );
});
