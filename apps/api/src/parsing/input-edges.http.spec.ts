/** docs/team/guarantees.md: what a careless or hostile client sends at the edges of the input rules. */
import type { InjectOptions } from 'light-my-request';
import { describe, expect, it } from 'vitest';
import { expectProblem } from '../../test/requests.js';
import { anAccount } from '../../test/factories.js';
import { useApp } from '../../test/instances.js';
import { ENGINES } from '../../test/test-app.js';

describe.each(ENGINES)('input at the edges on %s', (engine) => {
  const { t, partner, staff } = useApp(
    { engine },
    { partner: anAccount(), staff: anAccount({ name: 'Staff', role: 'staff' }) },
  );

  const post = (
    payload: string | Buffer,
    headers: Record<string, string> = {},
    url = '/v1/pets',
    as = partner.auth,
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { ...as, 'content-type': 'application/json', ...headers },
      payload,
    } satisfies InjectOptions);
  const names = async () =>
    (await t.as(partner.key).get('/v1/pets?limit=100'))
      .json<{ name: string }[]>()
      .map((pet) => pet.name);

  describe('integers are written as JSON integers', () => {
    it.each(['1.0', '1e3', '1E+2', '9007199254740991.4', '2.5', '10.0e-1'])(
      'categoryId %s is invalid_body, even when its value is whole',
      async (literal) => {
        const response = await post(`{"name": "Rex", "categoryId": ${literal}}`);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'invalid_body',
          details: [{ field: 'categoryId' }],
        });
        expect(response.json<{ details: { issue: string }[] }>().details).toHaveLength(1);
      },
    );

    it('names the nested field, for enterprise limits', async () => {
      const response = await post(
        JSON.stringify({ name: 'Big', plan: 'enterprise' }).replace(
          /}$/,
          ', "limits": {"perMinute": 1e3, "perDay": 100000}}',
        ),
        {},
        '/v1/admin/accounts',
        staff.auth,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'invalid_body',
        details: [
          {
            field: 'limits.perMinute',
            issue: 'must be an integer, written without a fraction or an exponent',
          },
        ],
      });
    });

    it('leaves numbers inside strings alone', async () => {
      const response = await post('{"name": "Rex 1.0e3", "categoryId": 3}');
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ name: 'Rex 1.0e3', categoryId: 3 });
    });
  });

  describe('bodies are UTF-8', () => {
    it.each(['latin1', 'ISO-8859-1', '"utf-16"', 'windows-1252'])(
      'charset=%s is unsupported_media_type',
      async (charset) => {
        const response = await post('{"name": "Rex", "categoryId": 1}', {
          'content-type': `application/json; charset=${charset}`,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'unsupported_media_type' });
      },
    );

    it.each(['utf-8', 'UTF-8', '"utf-8"', 'utf8'])('charset=%s is fine', async (charset) => {
      const response = await post(JSON.stringify({ name: `Charset ${charset}`, categoryId: 1 }), {
        'content-type': `application/json; charset=${charset}`,
      });
      expect(response.statusCode).toBe(201);
    });

    it('bytes that are not UTF-8 are invalid_json, and nothing is stored with U+FFFD', async () => {
      const before = await names();
      const body = Buffer.concat([
        Buffer.from('{"name": "Caf'),
        Buffer.from([0xe9]), // é in Latin-1: not UTF-8
        Buffer.from('", "categoryId": 1}'),
      ]);
      const response = await post(body);
      expectProblem(response, {
        code: 'invalid_json',
        message: 'The request body is not valid UTF-8.',
        status: 400,
      });
      const overlong = await post(Buffer.from([0x7b, 0xc0, 0xaf, 0x7d]));
      expect(overlong.json()).toMatchObject({ code: 'invalid_json' });
      expect(await names()).toEqual(before);
      expect((await names()).some((name) => name.includes('\ufffd'))).toBe(false);
    });
  });

  describe('text people read', () => {
    it.each([
      ['\u202egnp.exe', 'must not contain bidirectional control characters'],
      ['\u200b', 'must contain a visible character'],
      ['\u3164', 'must contain a visible character'],
      ['\u2800\u2800', 'must contain a visible character'],
      ['Rex\u0000', 'must not contain control characters'],
    ])('a pet named %j is refused: %s', async (name, issue) => {
      const response = await post(JSON.stringify({ name, categoryId: 1 }));
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ details: [{ field: 'name', issue }] });
    });

    it('every script, accents and emoji sequences are stored exactly', async () => {
      for (const name of ['Émilie', 'قطة', '👩‍👩‍👧', 'ポチ']) {
        const response = await post(JSON.stringify({ name, categoryId: 1 }));
        expect(response.statusCode).toBe(201);
        expect(response.json()).toMatchObject({ name });
      }
    });
  });

  describe('validation errors stay small', () => {
    it('at most 20 details, and the message says how many more there were', async () => {
      const fields = Object.fromEntries(Array.from({ length: 700 }, (_, i) => [`unknown${i}`, i]));
      const body = JSON.stringify({ name: 'Rex', categoryId: 1, ...fields });
      expect(body.length).toBeGreaterThan(10_000);
      const response = await post(body);
      expect(response.statusCode).toBe(400);
      const error = response.json<{ details: unknown[]; message: string }>();
      expect(error.details).toHaveLength(20);
      expect(error.message).toMatch(/; and 680 more problems\.$/);
      expect(response.body.length).toBeLessThan(3_000);
    });
  });

  describe('caching', () => {
    it('every authenticated answer is Cache-Control: no-store, the one with a new key first', async () => {
      const created = await post(JSON.stringify({ label: 'cache' }), {}, '/v1/account/keys');
      expect(created.statusCode).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      const answers = await Promise.all([
        t.as(partner.key).get('/v1/pets'),
        t.as(partner.key).get('/v1/account'),
        t.as(partner.key).get('/v1/pets?limit=0'),
        post('{"name": 1}'),
      ]);
      expect(answers.map((response) => response.statusCode)).toEqual([200, 200, 400, 400]);
      for (const response of answers) expect(response.headers['cache-control']).toBe('no-store');
    });
  });

  describe('empty path parameters', () => {
    it('/v1/pets// is authenticated and counted like any request (the fuzzer found it was not)', async () => {
      const anonymous = await t.as().get('/v1/pets//');
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['x-ratelimit-limit']).toBeDefined();
      for (const url of ['/v1/pets//', '/v1/pets//.', '/v1/account/keys//']) {
        const response = await t.as(partner.key).get(url);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toMatchObject({ code: 'not_found' });
        expect(response.headers['x-ratelimit-limit']).toBeDefined();
        expect(response.headers['cache-control']).toBe('no-store');
      }
    });
  });
});
