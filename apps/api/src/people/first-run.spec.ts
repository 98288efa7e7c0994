// The first run in development makes a staff account with a working key and a person who can
// choose a password and sign in; in production and in tests it makes nothing.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.js';
import { AccountsService } from '../accounts/accounts.service.js';
import {
  DEV_KEY_FILE,
  DEV_SIGN_IN_FILE,
  FIRST_RUN_EMAIL,
  FIRST_RUN_LIMITS,
} from './first-run.service.js';

describe('first run on the embedded database', () => {
  let dir: string;
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('in development: creates a staff account once and writes a working key', async () => {
    dir = mkdtempSync(join(tmpdir(), 'pets-first-run-'));
    const databaseUrl = `sqlite:${join(dir, 'petstore.sqlite')}`;
    const first = await createTestApp({ databaseUrl, env: { NODE_ENV: 'development' } });
    const file = join(dir, DEV_KEY_FILE);
    const key = readFileSync(file, 'utf8').trim();
    expect(key).toMatch(/^pets_test_[A-Za-z0-9]{43}$/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const accounts = await first.app.get(AccountsService).list();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({
      role: 'staff',
      plan: 'enterprise',
      limitPerMinute: FIRST_RUN_LIMITS.perMinute,
      limitPerDay: FIRST_RUN_LIMITS.perDay,
    });
    const response = await first.app.inject({
      method: 'GET',
      url: '/v1/pets',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(response.statusCode).toBe(200);
    expect(first.rawLogs.join('\n')).not.toContain(key);

    // admin@localhost chooses a password with the one-time link, then signs in with it.
    const signInFile = join(dir, DEV_SIGN_IN_FILE);
    expect(statSync(signInFile).mode & 0o777).toBe(0o600);
    const link = /(http:\/\/localhost:\d+\/admin\/set-password#[A-Za-z0-9_-]{43})/.exec(
      readFileSync(signInFile, 'utf8'),
    )?.[1];
    expect(link).toBeDefined();
    expect(first.rawLogs.join('\n')).not.toContain(link);
    const json = { 'content-type': 'application/json' };
    const password = 'a first password, long enough';
    const chosen = await first.app.inject({
      method: 'POST',
      url: '/v1/password-resets/accept',
      headers: json,
      payload: JSON.stringify({ token: link?.split('#')[1], password }),
    });
    expect(chosen.statusCode).toBe(204);
    const signedIn = await first.app.inject({
      method: 'POST',
      url: '/v1/session',
      headers: json,
      payload: JSON.stringify({ email: FIRST_RUN_EMAIL, password }),
    });
    expect(signedIn.statusCode).toBe(204);
    await first.close();

    const second = await createTestApp({ databaseUrl, env: { NODE_ENV: 'development' } });
    expect(await second.app.get(AccountsService).count()).toBe(1);
    expect(readFileSync(file, 'utf8').trim()).toBe(key);
    await second.close();
  });

  it.each(['production', 'test'])('in %s: creates nothing', async (nodeEnv) => {
    dir = mkdtempSync(join(tmpdir(), 'pets-first-run-'));
    const app = await createTestApp({
      databaseUrl: `sqlite:${join(dir, 'petstore.sqlite')}`,
      env: { NODE_ENV: nodeEnv },
    });
    expect(await app.app.get(AccountsService).count()).toBe(0);
    expect(existsSync(join(dir, DEV_KEY_FILE))).toBe(false);
    expect(existsSync(join(dir, DEV_SIGN_IN_FILE))).toBe(false);
    await app.close();
  });
});
