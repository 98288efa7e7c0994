import { createAccountKey, keysCli } from '@pets/services';
import { expect } from 'vitest';

/**
 * What a careful partner saw of its writes during a fault: each create carries an
 * `Idempotency-Key` equal to the pet's name, and every answer is written down. After a restart,
 * {@link checkLedger} compares the ledger with what the database really holds.
 */
export class WriteLedger {
  /** name → id of every create answered 201. */
  readonly acknowledged = new Map<string, number>();
  /** Creates answered with an error (503): they must not have happened. */
  readonly refused = new Set<string>();
  /** Creates that got no answer at all (the process died): unknown, to be retried. */
  readonly unanswered = new Set<string>();
  /** Statuses other than 201 and 503: none are expected. */
  readonly unexpected: string[] = [];
  /** Key id → whether its revocation was acknowledged (200) or refused (503). */
  readonly revocations = new Map<number, boolean>();
  private next = 0;

  constructor(
    private readonly baseUrl: () => string,
    private readonly key: string,
    private readonly prefix = 'Pet',
  ) {}

  /** Sends one create and records what came back. */
  async create(): Promise<number | undefined> {
    const name = `${this.prefix} ${this.next++}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl()}/v1/pets`, {
        method: 'POST',
        headers: createHeaders(this.key, name),
        body: bodyOf(name),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      this.unanswered.add(name);
      return undefined;
    }
    const text = await response.text().catch(() => '');
    if (response.status === 201)
      this.acknowledged.set(name, (JSON.parse(text) as { id: number }).id);
    else if (response.status === 503) this.refused.add(name);
    else this.unexpected.push(`${name}: ${response.status} ${text}`);
    return response.status;
  }

  /**
   * `loops` partners creating pets one after another until `stop()` says so. A loop whose request
   * got no answer stops (the process is gone), unless `keepGoing`: then it waits a little and goes
   * on, as a client would while the service is slow.
   */
  run(loops: number, stop: () => boolean, keepGoing = false): Promise<void> {
    return Promise.all(
      Array.from({ length: loops }, async () => {
        while (!stop()) {
          if ((await this.create()) !== undefined) continue;
          if (!keepGoing) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }),
    ).then(() => undefined);
  }

  /** Revokes one of the account's keys and records whether that was acknowledged. */
  async revoke(keyId: number): Promise<number | undefined> {
    try {
      const response = await fetch(`${this.baseUrl()}/v1/account/keys/${keyId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${this.key}` },
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      if (response.status === 200) this.revocations.set(keyId, true);
      else if (response.status === 503) {
        if (!this.revocations.get(keyId)) this.revocations.set(keyId, false);
      } else this.unexpected.push(`revoke ${keyId}: ${response.status}`);
      return response.status;
    } catch {
      return undefined;
    }
  }
}

/** The body sent for a name, the same on every retry (the number picks one of five categories). */
export const bodyOf = (name: string) =>
  JSON.stringify({ name, categoryId: 1 + (Number(/\d+$/.exec(name)?.[0] ?? 0) % 5) });

/**
 * Waits until `condition` holds, for at most `ms`; says whether it held. A phase of a fault test
 * ends either way, so that what was stored is checked after the restart even when the answers
 * during the fault were already wrong.
 */
export async function phase(
  condition: () => boolean | Promise<boolean>,
  ms: number,
): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

export const createHeaders = (key: string, name: string) => ({
  authorization: `Bearer ${key}`,
  'content-type': 'application/json',
  'idempotency-key': name,
});

/** Every pet the API lists, name → ids, following `Link: rel="next"`. */
export async function allPets(baseUrl: string, key: string): Promise<Map<string, number[]>> {
  const names = new Map<string, number[]>();
  let url: string | undefined = `${baseUrl}/v1/pets?limit=100`;
  while (url) {
    const response: Response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    for (const pet of (await response.json()) as { id: number; name: string }[])
      names.set(pet.name, [...(names.get(pet.name) ?? []), pet.id]);
    url = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return names;
}

/** Every audit event of one kind of action, as target id → how many times it was recorded. */
async function auditCounts(baseUrl: string, key: string, action: string, targetType: string) {
  const counts = new Map<number, number>();
  let url: string | undefined = `${baseUrl}/v1/admin/audit?targetType=${targetType}&limit=100`;
  while (url) {
    const response: Response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
    expect(response.status).toBe(200);
    for (const event of (await response.json()) as { action: string; target: { id: number } }[])
      if (event.action === action)
        counts.set(event.target.id, (counts.get(event.target.id) ?? 0) + 1);
    url = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '')?.[1];
  }
  return counts;
}

export interface CheckOptions {
  /**
   * PostgreSQL only: when a connection dies while COMMIT is under way, the server may have committed
   * although the API saw an error. Such a pet may exist, at most once, and a retry with its key
   * answers with it; such a revocation may have happened. SQLite knows the outcome of every commit,
   * so there a refused write must be absent.
   */
  refusedMayExist?: boolean;
}

/**
 * Against a restarted API: every acknowledged pet is there exactly once with the id it was given,
 * no refused pet is there, no pet is there twice, every revocation holds exactly as answered, and
 * each stored pet and each revocation has exactly one audit event.
 * Then every create that failed is retried with its key, as a careful client would, and each ends
 * up there once.
 */
export async function checkLedger(
  ledger: WriteLedger,
  baseUrl: string,
  key: string,
  revocationKeys: Map<number, string>,
  options: CheckOptions = {},
): Promise<void> {
  expect(ledger.unexpected).toEqual([]);
  const before = await allPets(baseUrl, key);
  const missing = [...ledger.acknowledged].filter(
    ([name, id]) => JSON.stringify(before.get(name)) !== JSON.stringify([id]),
  );
  expect(
    missing.length,
    `of ${ledger.acknowledged.size} acknowledged pets, these are missing or changed after the restart: ${JSON.stringify(missing.slice(0, 5))}…`,
  ).toBe(0);
  const present = [...ledger.refused].filter((name) => before.has(name));
  if (!options.refusedMayExist)
    expect(
      present.length,
      `of ${ledger.refused.size} pets answered with an error, these are stored: ${JSON.stringify(present.slice(0, 5))}…`,
    ).toBe(0);
  expect([...before].filter(([, ids]) => ids.length > 1)).toEqual([]);
  for (const name of before.keys()) {
    const known =
      ledger.acknowledged.has(name) || ledger.refused.has(name) || ledger.unanswered.has(name);
    expect(known, `${name} was never sent`).toBe(true);
  }

  // Each stored pet, and each revocation that held, has exactly one audit event: the event is
  // written in the change's transaction, so a crash keeps both or neither.
  const created = await auditCounts(baseUrl, key, 'pet.created', 'pet');
  const storedIds = [...before.values()].flat().sort((a, b) => a - b);
  expect([...created.keys()].sort((a, b) => a - b)).toEqual(storedIds);
  expect([...created.values()].filter((count) => count !== 1)).toEqual([]);
  const revokedEvents = await auditCounts(baseUrl, key, 'key.revoked', 'key');
  expect([...revokedEvents.values()].filter((count) => count !== 1)).toEqual([]);

  for (const [keyId, revoked] of ledger.revocations) {
    const secret = revocationKeys.get(keyId);
    if (secret === undefined) throw new Error(`no secret for key ${keyId}`);
    const response = await fetch(`${baseUrl}/v1/pets?limit=1`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    // The revocation's event is there exactly when the revocation is.
    expect(revokedEvents.has(keyId), `audit of key ${keyId}`).toBe(response.status === 401);
    if (revoked) expect(response.status, `key ${keyId} revoked`).toBe(401);
    else if (options.refusedMayExist) expect([200, 401]).toContain(response.status);
    else expect(response.status, `key ${keyId} kept`).toBe(200);
  }

  for (const name of [...ledger.refused, ...ledger.unanswered]) {
    const response = await fetch(`${baseUrl}/v1/pets`, {
      method: 'POST',
      headers: createHeaders(key, name),
      body: bodyOf(name),
    });
    // A retry creates the pet now, or replays the first answer if the first attempt was stored.
    expect(response.status, `retry of ${name}`).toBe(201);
  }
  const after = await allPets(baseUrl, key);
  expect([...after].filter(([, ids]) => ids.length > 1)).toEqual([]);
  expect(after.size).toBe(
    new Set([...ledger.acknowledged.keys(), ...ledger.refused, ...ledger.unanswered]).size,
  );
}

export interface DurableAccount {
  env: Record<string, string>;
  key: string;
  /** More keys of the same account, to revoke: id → secret. */
  spare: Map<number, string>;
}

/** The API's environment on `databaseUrl`, an enterprise account that never meets a limit, its key and `spares` more. */
export function durableAccount(databaseUrl: string, spares: number): DurableAccount {
  const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl };
  // Staff, so the check can read the audit trail too.
  const { accountId, key } = createAccountKey(env, {
    name: 'Durable',
    role: 'staff',
    plan: 'enterprise',
    perMinute: 10_000_000,
    perDay: 100_000_000,
  });
  const spare = new Map<number, string>();
  for (let i = 0; i < spares; i++) {
    const created = keysCli(env, 'create', '--account', String(accountId), '--label', `spare ${i}`);
    spare.set(Number(created['id']), String(created['key']));
  }
  return { env, key, spare };
}
