/**
 * README, Passkeys: a person always keeps a way in. Removing the password and removing the last
 * passkey at the same moment, through two instances on PostgreSQL (each its own pool, so the
 * requests meet in the database), never leave a person with neither: both lock the person's row, so
 * the second sees what the first did and is refused (409). So too two removals of a passwordless
 * person's last two passkeys.
 */
import { PROBLEMS } from '@pets/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookieOf, OWN_ORIGIN, PASSWORD, signInAs } from '../../../test/people-app.js';
import { SoftAuthenticator } from '@pets/services';
import { useInstances } from '../../../test/instances.js';
import type { TestApp } from '../../../test/test-app.js';

const ROUNDS = 40;

describe('removing the password and the last passkey at once, on PostgreSQL with two instances', () => {
  const { first, second, psql } = useInstances();
  let accountId: number;
  let people = 0;

  beforeAll(async () => {
    ({ accountId } = await first.createKey({ name: 'Acme', plan: 'pro', role: 'partner' }));
  });

  const send = (
    at: TestApp,
    cookie: string,
    method: 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ) =>
    at.app.inject({
      method,
      url,
      headers: {
        cookie,
        origin: OWN_ORIGIN,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  /** A new person, signed in, with `count` passkeys: their id, cookie and passkey ids. */
  const personWithPasskeys = async (count: number) => {
    people += 1;
    const email = `racer${people}@acme.example`;
    const { personId } = await first.createPerson(accountId, { email, password: PASSWORD });
    const cookie = cookieOf(await signInAs(first, email));
    const authenticator = new SoftAuthenticator(OWN_ORIGIN);
    const ids: number[] = [];
    for (let n = 0; n < count; n++) {
      const options = await send(first, cookie, 'POST', '/v1/session/passkeys/options');
      const added = await send(first, cookie, 'POST', '/v1/session/passkeys', {
        name: `Key ${n}`,
        credential: authenticator.create(options.json()),
      });
      expect(added.statusCode).toBe(201);
      ids.push(added.json<{ id: number }>().id);
    }
    return { personId, cookie, ids };
  };

  /** The person's ways in as the database holds them. */
  const waysIn = async (personId: number) => {
    const person = await psql.query<{ has_password: boolean }>(
      'SELECT password_hash IS NOT NULL AS has_password FROM people WHERE id = $1',
      [personId],
    );
    const passkeys = await psql.query<{ count: string }>(
      'SELECT count(*) AS count FROM passkeys WHERE person_id = $1',
      [personId],
    );
    return { password: person.rows[0]?.has_password, passkeys: Number(passkeys.rows[0]?.count) };
  };

  it(`never leaves a person with neither, over ${ROUNDS} rounds of both at once`, async () => {
    const outcomes = new Map<string, number>();
    for (let round = 0; round < ROUNDS; round++) {
      const { personId, cookie, ids } = await personWithPasskeys(1);
      // Which instance does which, in turn, so neither always starts first.
      const [a, b] = round % 2 === 0 ? [first, second] : [second, first];
      const [password, passkey] = await Promise.all([
        send(a, cookie, 'POST', '/v1/session/password/remove', { currentPassword: PASSWORD }),
        send(b, cookie, 'DELETE', `/v1/session/passkeys/${ids[0]}`),
      ]);
      const statuses = [password.statusCode, passkey.statusCode].sort();
      expect(statuses).toEqual([204, 409]);
      for (const response of [password, passkey])
        if (response.statusCode === 409)
          expect(response.json()).toEqual({ ...PROBLEMS.passwordStillNeeded, status: 409 });
      const ways = await waysIn(personId);
      expect(ways.password === true || ways.passkeys > 0).toBe(true);
      expect(ways).toEqual(
        password.statusCode === 204
          ? { password: false, passkeys: 1 }
          : { password: true, passkeys: 0 },
      );
      const won = password.statusCode === 204 ? 'password removed' : 'passkey removed';
      outcomes.set(won, (outcomes.get(won) ?? 0) + 1);
    }
    expect([...outcomes.values()].reduce((sum, n) => sum + n, 0)).toBe(ROUNDS);
  });

  it(`keeps a passwordless person's last passkey when both are removed at once, over ${ROUNDS / 2} rounds`, async () => {
    for (let round = 0; round < ROUNDS / 2; round++) {
      const { personId, cookie, ids } = await personWithPasskeys(2);
      expect(
        (
          await send(first, cookie, 'POST', '/v1/session/password/remove', {
            currentPassword: PASSWORD,
          })
        ).statusCode,
      ).toBe(204);
      const answers = await Promise.all([
        send(first, cookie, 'DELETE', `/v1/session/passkeys/${ids[0]}`),
        send(second, cookie, 'DELETE', `/v1/session/passkeys/${ids[1]}`),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
      expect(await waysIn(personId)).toEqual({ password: false, passkeys: 1 });
    }
  });
});
