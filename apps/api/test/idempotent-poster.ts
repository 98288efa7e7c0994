/**
 * Test setup for idempotency: an app with an unlimited key, a create of a pet under an
 * `Idempotency-Key`, and the records as the database holds them.
 */
import { DataSource } from 'typeorm';
import { createTestApp, type Engine } from './test-app.js';
import { anAccount } from './factories.js';

/**
 * An app with an unlimited key, a `post` that creates a pet under an Idempotency-Key, and the keys
 * stored in the database, read past the API.
 */
export async function startIdempotencyApp(engine: Engine) {
  const t = await createTestApp({ engine });
  const { key } = await t.createKey(anAccount());
  const post = (body: unknown, idempotencyKey: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/pets',
      headers: {
        authorization: `Bearer ${key}`,
        'content-type': 'application/json',
        'idempotency-key': idempotencyKey,
      },
      payload: JSON.stringify(body),
    });
  const storedKeys = async () =>
    (
      await t.app
        .get(DataSource)
        .query<{ key: string }[]>('SELECT key FROM idempotency_keys ORDER BY key')
    ).map((row) => row.key);
  return { t, post, storedKeys };
}
