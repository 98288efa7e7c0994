import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumPath, createAccountKey, startServer } from '@pets/services';
import type { TestProject } from 'vitest/node';

/**
 * The real API (built, serving the built admin app) on a fresh database, with a staff key, a
 * partner key and a tightly limited partner key, and Debian's Chromium checked to be there.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  chromiumPath();
  const dir = mkdtempSync(join(tmpdir(), 'pets-admin-e2e-'));
  const env = { DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`, NODE_ENV: 'test' };
  const staff = createAccountKey(env, {
    name: 'Staff',
    plan: 'enterprise',
    role: 'staff',
    perMinute: 100_000,
    perDay: 1_000_000,
  });
  const limited = createAccountKey(env, {
    name: 'Tiny Pets',
    plan: 'enterprise',
    perMinute: 4,
    perDay: 1_000,
  });
  const partner = createAccountKey(env, {
    name: 'Zoo Shop',
    plan: 'enterprise',
    perMinute: 100_000,
    perDay: 1_000_000,
  });
  const server = await startServer(env);
  project.provide('e2e', {
    baseUrl: server.baseUrl,
    staffKey: staff.key,
    partnerKey: partner.key,
    limitedKey: limited.key,
  });
  return async () => {
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseUrl: string; staffKey: string; partnerKey: string; limitedKey: string };
  }
}
