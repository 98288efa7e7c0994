// How a request's Authorization header is read: which headers are a missing key and which an
// invalid one, and that several apps in one process each accept only their own keys.
import { PROBLEMS } from '@pets/contract';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.js';
import { readAuthorization } from './api-key.strategy.js';

describe('the Authorization header', () => {
  it.each([
    [undefined, PROBLEMS.missingApiKey],
    ['', PROBLEMS.missingApiKey],
    ['Basic abc', PROBLEMS.missingApiKey],
    ['Bearerabc', PROBLEMS.missingApiKey],
    ['xBearer abc', PROBLEMS.missingApiKey],
    ['Bearer', PROBLEMS.invalidApiKey],
    ['Bearer ', PROBLEMS.invalidApiKey],
    ['Bearer  abc', PROBLEMS.invalidApiKey],
    ['Bearer\tabc', PROBLEMS.invalidApiKey],
    ['Bearer a b', PROBLEMS.invalidApiKey],
    ['Bearer abc ', PROBLEMS.invalidApiKey],
  ])('%j is refused as %o', (header, problem) => {
    expect(readAuthorization(header)).toEqual({ refused: problem });
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER pets_live_x-y_z', 'pets_live_x-y_z'],
  ])('%j carries the key %j', (header, key) => {
    expect(readAuthorization(header)).toEqual({ key });
  });
});

describe('several apps in one process', () => {
  it('each check their own keys, before and after another one closes', async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    try {
      const { key: firstKey } = await first.createKey();
      const { key: secondKey } = await second.createKey();
      const status = async (app: typeof first, key: string) =>
        (
          await app.app.inject({
            method: 'GET',
            url: '/v1/pets',
            headers: { authorization: `Bearer ${key}` },
          })
        ).statusCode;
      expect(await status(first, firstKey)).toBe(200);
      expect(await status(second, secondKey)).toBe(200);
      expect(await status(first, secondKey)).toBe(401);
      expect(await status(second, firstKey)).toBe(401);
      await first.close();
      expect(await status(second, secondKey)).toBe(200);
      expect(await status(second, firstKey)).toBe(401);
    } finally {
      await first.close().catch(() => undefined);
      await second.close();
    }
  });
});
