/**
 * The write ledger of the fault tests: what partners and staff sent while the API or its database
 * failed (pets, their changes, store orders and their moves, categories, key revocations) and what
 * they were answered, checked after a restart against what the database holds.
 */
import { isDeepStrictEqual } from 'node:util';
import {
  type AuditEvent,
  type Event,
  type Category,
  ORDER_MOVES,
  type Order,
  type OrderMove,
  type OrderStatus,
  type Pet,
  type PetPatchInput,
} from '@pets/contract';
import { createAccountKey, keysCli } from '@pets/services';
import { expect } from 'vitest';
import { UNLIMITED } from './processes.js';
import { bearer, fetchAll } from './requests.js';

/** A pet's fields as the API answers them, without its id. */
type PetFields = Omit<Pet, 'id'>;

/** A step of a pet's one store order: placing it (`POST /v1/store/orders`), or one of its moves. */
export interface OrderStep {
  readonly order: 'place' | OrderMove;
}

/**
 * One change a manager sends to a pet: a merge patch (`PATCH`), its removal (`DELETE`), or a step
 * of its store order (which moves the pet with the order).
 */
export type Change = PetPatchInput | 'delete' | OrderStep;

const isOrderStep = (change: Change): change is OrderStep =>
  typeof change === 'object' && 'order' in change;

/** How a change was answered: the success due, 503, or nothing (or something unexpected). */
export type Answer = 'acknowledged' | 'refused' | 'unanswered';

/**
 * Who manages a pet: a member of staff or a partner (with different plans of changes), or an
 * orderer: staff create the pet, a partner orders it, and staff approve, deliver or cancel the order
 * (or the partner cancels it).
 */
type Role = 'staff' | 'partner' | 'orderer';

/**
 * A pet one manager created and then changed, one request at a time. Nobody else writes it, so what
 * is stored follows from the answers alone.
 */
export interface ManagedPet {
  readonly id: number;
  readonly name: string;
  /** The changes answered 200 (or 204), in the order they were sent. */
  readonly acknowledged: Change[];
  /** The id of its order, once placing it was acknowledged. */
  orderId?: number;
  /**
   * The change whose answer was an error or never came: it may or may not have been applied, so
   * the manager sent nothing more to this pet.
   */
  uncertain?: { readonly change: Change; readonly answer: Exclude<Answer, 'acknowledged'> };
}

/**
 * What a manager does to each pet it creates. Each change changes something (so each one applied
 * has exactly one event) and is allowed from where the one before leaves the pet.
 */
const PLANS: Record<Role, (name: string, categoryId: number) => Change[]> = {
  staff: (name, categoryId) => [
    { status: 'pending' },
    { name: `${name} renamed`, categoryId: 1 + (categoryId % 5) },
    { status: 'sold' },
    // A returned animal: a move only staff may make.
    { status: 'available' },
    'delete',
  ],
  // A partner changes only the pets its account created, and cannot remove them.
  partner: (name) => [
    { status: 'pending' },
    { name: `${name} renamed` },
    { status: 'available' },
    { name: `${name} sold`, status: 'sold' },
  ],
  // An adoption delivered, one cancelled by its partner once placed, one cancelled by staff once
  // approved: each of an order's moves, and each way its pet moves with it.
  orderer: (_name, categoryId) =>
    (
      [
        ['place', 'approve', 'deliver'],
        ['place', 'cancel'],
        ['place', 'approve', 'cancel'],
      ] as const
    )[categoryId % 3]!.map((order) => ({ order })),
};

/** The order's status after each step. */
const ORDER_STATUS_AFTER: Record<OrderStep['order'], OrderStatus> = {
  place: 'placed',
  ...(Object.fromEntries(Object.entries(ORDER_MOVES).map(([move, { to }]) => [move, to])) as Record<
    OrderMove,
    OrderStatus
  >),
};

/** The keys the ledger writes with: staff's (which reads the audit trail too) and a partner's. */
export interface LedgerKeys {
  key: string;
  partnerKey: string;
}

/**
 * What careful clients sent during a fault, and what they saw of it. Partners create pets, each
 * create carrying an `Idempotency-Key` equal to the pet's name; beside them, members of staff and
 * partners each create a pet and take it through a plan of changes (`PLANS`), one request at a
 * time, then go on to the next pet. Every answer is written down. After a restart,
 * {@link checkLedger} compares the ledger with what the database really holds.
 */
export class WriteLedger {
  /** name → id of every create answered 201. */
  readonly acknowledged = new Map<string, number>();
  /** Creates answered with an error (503): they must not have happened. */
  readonly refused = new Set<string>();
  /** Creates that got no answer at all (the process died): unknown, to be retried. */
  readonly unanswered = new Set<string>();
  /** Answers other than the success due (with the body due) and 503: none are expected. */
  readonly unexpected: string[] = [];
  /** Key id → whether its revocation was acknowledged (200) or refused (503). */
  readonly revocations = new Map<number, boolean>();
  /** The pets the managers changed. */
  readonly managed: ManagedPet[] = [];
  /** The key each create was sent with: a retry must use it (idempotency keys are per account). */
  readonly senders = new Map<string, string>();
  /**
   * The categories staff created, each with an `Idempotency-Key` equal to its name: name → id of
   * each answered 201, and the names whose create was refused (503) or never answered.
   */
  readonly categories = {
    acknowledged: new Map<string, number>(),
    refused: new Set<string>(),
    unanswered: new Set<string>(),
  };
  private next = 0;
  private nextCategory = 0;

  constructor(
    private readonly baseUrl: () => string,
    readonly keys: LedgerKeys,
    private readonly prefix = 'Pet',
  ) {}

  /** How the managers' changes (order steps included) were answered so far. */
  get changes(): {
    acknowledged: number;
    removed: number;
    orderSteps: number;
    refused: number;
    unanswered: number;
  } {
    const counts = { acknowledged: 0, removed: 0, orderSteps: 0, refused: 0, unanswered: 0 };
    for (const pet of this.managed) {
      counts.acknowledged += pet.acknowledged.length;
      counts.orderSteps += pet.acknowledged.filter(isOrderStep).length;
      if (pet.acknowledged.includes('delete')) counts.removed++;
      if (pet.uncertain) counts[pet.uncertain.answer]++;
    }
    return counts;
  }

  /** Sends one create and records what came back. */
  async create(): Promise<number | undefined> {
    return (await this.createPet(this.keys.key)).status;
  }

  private async createPet(key: string): Promise<{ name: string; status?: number; id?: number }> {
    const name = `${this.prefix} ${this.next++}`;
    this.senders.set(name, key);
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl()}/v1/pets`, {
        method: 'POST',
        headers: createHeaders(key, name),
        body: bodyOf(name),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      this.unanswered.add(name);
      return { name };
    }
    const text = await response.text().catch(() => '');
    if (response.status === 201) {
      const { id } = JSON.parse(text) as { id: number };
      this.acknowledged.set(name, id);
      return { name, status: 201, id };
    }
    if (response.status === 503) this.refused.add(name);
    else this.unexpected.push(`${name}: ${response.status} ${text}`);
    return { name, status: response.status };
  }

  /** Sends one category create as staff and records what came back. */
  async createCategory(): Promise<number | undefined> {
    const name = `${this.prefix} category ${this.nextCategory++}`;
    const { categories } = this;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl()}/v1/categories`, {
        method: 'POST',
        headers: createHeaders(this.keys.key, name),
        body: JSON.stringify({ name }),
        signal: AbortSignal.timeout(10_000),
      });
    } catch {
      categories.unanswered.add(name);
      return undefined;
    }
    const text = await response.text().catch(() => '');
    const expected = { name, archived: false, petCount: 0 };
    const body = parse(text) as Partial<Category> | undefined;
    if (response.status === 201 && isDeepStrictEqual({ ...body, id: 0 }, { id: 0, ...expected }))
      categories.acknowledged.set(name, body?.id ?? 0);
    else if (response.status === 503) categories.refused.add(name);
    else this.unexpected.push(`category ${name}: ${response.status} ${text}`);
    return response.status;
  }

  /**
   * `loops` partners creating pets one after another until `stop()` says so, and beside them
   * `managers` members of staff and as many partners changing the pets they create, as many
   * orderers taking pets through an order, and a member of staff creating categories, a little
   * apart. A loop whose request got no answer stops (the
   * process is gone), unless `keepGoing`: then it waits a little and goes on, as a client would
   * while the service is slow.
   */
  run(loops: number, stop: () => boolean, keepGoing = false, managers = 2): Promise<void> {
    const pause = () => new Promise((resolve) => setTimeout(resolve, 100));
    const categoryMaker = (async () => {
      while (!stop()) {
        if ((await this.createCategory()) === undefined && !keepGoing) return;
        await pause();
      }
    })();
    const creators = Array.from({ length: loops }, async () => {
      while (!stop()) {
        if ((await this.create()) !== undefined) continue;
        if (!keepGoing) return;
        await pause();
      }
    });
    const changers = (['staff', 'partner', 'orderer'] as const).flatMap((role) =>
      Array.from({ length: managers }, async () => {
        while (!stop()) {
          if (await this.manage(role, stop)) continue;
          if (!keepGoing) return;
          await pause();
        }
      }),
    );
    return Promise.all([...creators, ...changers, categoryMaker]).then(() => undefined);
  }

  /**
   * Creates one pet and sends it its plan's changes until one is not acknowledged; resolves with
   * whether every request got an answer.
   */
  private async manage(role: Role, stop: () => boolean): Promise<boolean> {
    const key = this.keyOf(role);
    const { name, status, id } = await this.createPet(key);
    if (id === undefined) return status !== undefined;
    const pet: ManagedPet = { id, name, acknowledged: [] };
    this.managed.push(pet);
    let state: PetFields | undefined = createdFields(name);
    for (const change of PLANS[role](name, state.categoryId)) {
      if (stop() || !state) return true;
      const after = applyChange(state, change);
      const answer = await this.change(pet, this.keyOfStep(key, change), change, after);
      if (answer !== 'acknowledged') return answer !== 'unanswered';
      state = after;
    }
    return true;
  }

  /**
   * Creates `count` pets now, as staff and as a partner in turn, and holds back the first change of
   * each one's plan until the returned function sends them all. Those changes certainly meet a fault
   * that starts in between; the managers' own changes meet it only when one of them is part way
   * through a plan as it starts (they may all be creating). The answers are recorded as managers'.
   */
  async holdChanges(count: number): Promise<() => Promise<Answer[]>> {
    const held: (() => Promise<Answer>)[] = [];
    for (let index = 0; index < count; index++) {
      const role: Role = index % 2 === 0 ? 'staff' : 'partner';
      const key = this.keyOf(role);
      const { name, status, id } = await this.createPet(key);
      if (id === undefined) throw new Error(`A pet to change later was not created: ${status}`);
      const pet: ManagedPet = { id, name, acknowledged: [] };
      this.managed.push(pet);
      const created = createdFields(name);
      const [change] = PLANS[role](name, created.categoryId);
      if (change === undefined) throw new Error(`The ${role} plan is empty`);
      held.push(() => this.change(pet, key, change, applyChange(created, change)));
    }
    return () => Promise.all(held.map((send) => send()));
  }

  private keyOf(role: Role): string {
    return role === 'partner' ? this.keys.partnerKey : this.keys.key;
  }

  /** Who sends a change: the pet's manager, but a partner places orders and cancels some. */
  private keyOfStep(key: string, change: Change): string {
    if (!isOrderStep(change)) return key;
    const partner = change.order === 'place' || change.order === 'cancel';
    return partner ? this.keys.partnerKey : this.keys.key;
  }

  /** Sends one change to a managed pet and records its answer there. */
  private async change(
    pet: ManagedPet,
    key: string,
    change: Change,
    after: PetFields | undefined,
  ): Promise<Answer> {
    const answer = isOrderStep(change)
      ? await this.sendOrderStep(key, pet, change)
      : await this.send(key, pet.id, change, after);
    if (answer === 'acknowledged') pet.acknowledged.push(change);
    else pet.uncertain = { change, answer };
    return answer;
  }

  /** Sends one change; a success must answer the pet as it is after the change. */
  private async send(
    key: string,
    id: number,
    change: Change,
    after: PetFields | undefined,
  ): Promise<Answer> {
    const request = `${change === 'delete' ? 'DELETE' : `PATCH ${JSON.stringify(change)}`} ${id}`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl()}/v1/pets/${id}`, {
        signal: AbortSignal.timeout(10_000),
        ...(change === 'delete'
          ? { method: 'DELETE', headers: { authorization: `Bearer ${key}` } }
          : {
              method: 'PATCH',
              headers: {
                authorization: `Bearer ${key}`,
                'content-type': 'application/merge-patch+json',
              },
              body: JSON.stringify(change),
            }),
      });
    } catch {
      return 'unanswered';
    }
    const text = await response.text().catch(() => '');
    if (response.status === 503) return 'refused';
    const expected = after === undefined ? '' : JSON.stringify({ id, ...after });
    const success = after === undefined ? 204 : 200;
    if (response.status === success && isDeepStrictEqual(parse(text), parse(expected)))
      return 'acknowledged';
    this.unexpected.push(`${request}: ${response.status} ${text}`);
    // Left as unknown: the check fails on `unexpected` before it looks at the pet.
    return 'unanswered';
  }

  /**
   * Sends one step of a pet's order: a place carries an `Idempotency-Key` (the pet's name and
   * ` order`) and its success must answer the order placed; a move's must answer it moved.
   */
  private async sendOrderStep(key: string, pet: ManagedPet, { order }: OrderStep): Promise<Answer> {
    const place = order === 'place';
    const url = place
      ? `${this.baseUrl()}/v1/store/orders`
      : `${this.baseUrl()}/v1/store/orders/${pet.orderId ?? 0}/${order}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        signal: AbortSignal.timeout(10_000),
        ...(place
          ? {
              headers: createHeaders(key, orderKeyOf(pet.name)),
              body: JSON.stringify({ petId: pet.id }),
            }
          : { headers: { authorization: `Bearer ${key}` } }),
      });
    } catch {
      return 'unanswered';
    }
    const text = await response.text().catch(() => '');
    if (response.status === 503) return 'refused';
    const body = parse(text) as Partial<Order> | undefined;
    const expected = { petId: pet.id, status: ORDER_STATUS_AFTER[order] };
    const same = body?.petId === expected.petId && body.status === expected.status;
    if (response.status === (place ? 201 : 200) && same && (place || body.id === pet.orderId)) {
      if (place) pet.orderId = body.id;
      return 'acknowledged';
    }
    this.unexpected.push(`order ${order} of pet ${pet.id}: ${response.status} ${text}`);
    return 'unanswered';
  }

  /** Revokes one of the account's keys and records whether that was acknowledged. */
  async revoke(keyId: number): Promise<number | undefined> {
    try {
      const response = await fetch(`${this.baseUrl()}/v1/account/keys/${keyId}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${this.keys.key}` },
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

const parse = (text: string): unknown => {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return text;
  }
};

/** The body sent for a name, the same on every retry (the number picks one of five categories). */
export const bodyOf = (name: string) => JSON.stringify(createdFields(name));

/** The pet a create of `name` makes, as sent (the status left to its default). */
function createdFields(name: string): PetFields {
  const categoryId = 1 + (Number(/\d+$/.exec(name)?.[0] ?? 0) % 5);
  return { name, categoryId, status: 'available' };
}

/** The `Idempotency-Key` of the place of a pet's order (the same on a retry). */
const orderKeyOf = (name: string) => `${name} order`;

/** What a pet becomes with each step of its order (approving leaves it pending). */
const PET_STATUS_AFTER = { place: 'pending', deliver: 'sold', cancel: 'available' } as const;

/** The pet after a change, `undefined` once removed. */
function applyChange(pet: PetFields, change: Change): PetFields | undefined {
  if (change === 'delete') return undefined;
  if (!isOrderStep(change)) return { ...pet, ...change };
  return change.order === 'approve' ? pet : { ...pet, status: PET_STATUS_AFTER[change.order] };
}

/** An audit event as the check compares it. */
interface EventShape {
  action: string;
  changes: Record<string, unknown>;
}

/** The event of one change from `before` to `after` (`undefined`: not there). */
function eventOf(before: PetFields | undefined, after: PetFields | undefined): EventShape {
  const changes: Record<string, unknown> = {};
  for (const field of ['name', 'categoryId', 'status'] as const)
    if (before?.[field] !== after?.[field])
      changes[field] = [before?.[field] ?? null, after?.[field] ?? null];
  const action = !before ? 'pet.created' : after ? 'pet.updated' : 'pet.deleted';
  return { action, changes };
}

/**
 * A pet created as `name` after `changes`: the pet as listed (`undefined` once removed) and its
 * events, oldest first.
 */
function replay(id: number, name: string, changes: readonly Change[]) {
  let state: PetFields | undefined = createdFields(name);
  const events = [eventOf(undefined, state)];
  for (const change of changes) {
    if (!state) throw new Error(`pet ${id}: a change after its removal`);
    const after = applyChange(state, change);
    // Approving an order leaves its pet as it was: no event of the pet's.
    if (!isOrderStep(change) || change.order !== 'approve') events.push(eventOf(state, after));
    state = after;
  }
  return { pet: state && { id, ...state }, events };
}

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

/**
 * A create that failed during the fault, sent again after the restart as a client would, under the
 * same `Idempotency-Key`: a 503 asks the client to come back (the restarted database may still be
 * settling, e.g. a full disk's WAL being checkpointed), so it is sent again for up to 10 s.
 */
async function retryCreate(
  url: string,
  headers: Record<string, string>,
  body: string,
): Promise<Response> {
  const send = () => fetch(url, { method: 'POST', headers, body });
  let response = await send();
  for (let tries = 0; response.status === 503 && tries < 20; tries++) {
    await response.text();
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await send();
  }
  return response;
}

/** Every item of a paged list, following `Link: rel="next"`. */

/** Every pet the API lists, by id (an id listed twice fails). */
async function listedPets(baseUrl: string, key: string): Promise<Map<number, Pet>> {
  const pets = await fetchAll<Pet>(`${baseUrl}/v1/pets?limit=100`, bearer(key));
  const byId = new Map(pets.map((pet) => [pet.id, pet]));
  expect(byId.size, 'pets listed twice').toBe(pets.length);
  return byId;
}

/** Every audit event about one type of target: target id → its events, oldest first. */
async function auditTrail(baseUrl: string, key: string, targetType: string) {
  const events = await fetchAll<AuditEvent>(
    `${baseUrl}/v1/admin/audit?targetType=${targetType}&limit=100`,
    bearer(key),
  );
  const byTarget = new Map<number, EventShape[]>();
  for (const { action, target, changes } of events.reverse())
    byTarget.set(target.id, [...(byTarget.get(target.id) ?? []), { action, changes }]);
  return byTarget;
}

/**
 * The outbox against the audit trail (both written by one statement pair in each change's
 * transaction): each pet's events are exactly its audit events, one each, in the same order, and
 * each event's `data` is the pet after that change (as it was, for its removal); no event names a
 * pet the trail does not. What the ledger checks of the trail thus holds of the events too.
 */
async function checkPetEvents(
  baseUrl: string,
  key: string,
  trail: Map<number, EventShape[]>,
): Promise<void> {
  const events = await fetchAll<Event>(
    `${baseUrl}/v1/events?type=pet.created,pet.updated,pet.deleted&limit=100`,
    bearer(key),
  );
  const ids = events.map(({ id }) => id);
  expect(ids, 'events listed twice or out of order').toEqual(
    [...new Set(ids)].sort((a, b) => a - b),
  );
  const byPet = new Map<number, Event[]>();
  for (const event of events) {
    const { id } = event.data as Pet;
    byPet.set(id, [...(byPet.get(id) ?? []), event]);
  }
  expect(
    [...byPet.keys()].filter((id) => !trail.has(id)),
    'events of pets with no audit',
  ).toEqual([]);
  const wrong: string[] = [];
  for (const [id, audited] of trail) {
    const published = byPet.get(id) ?? [];
    let state: Record<string, unknown> = {};
    const expected = audited.map(({ action, changes }) => {
      if (action !== 'pet.deleted')
        for (const [field, change] of Object.entries(changes))
          state = { ...state, [field]: (change as unknown[])[1] };
      return { type: action, data: { id, ...state } };
    });
    const got = published.map(({ type, data }) => ({ type, data }));
    if (!isDeepStrictEqual(got, expected))
      wrong.push(
        `pet ${id}: events ${JSON.stringify(got)}; audit says ${JSON.stringify(expected)}`,
      );
  }
  expect(wrong.slice(0, 3), `${wrong.length} pets whose events differ from their audit`).toEqual(
    [],
  );
}

export interface CheckOptions {
  /**
   * PostgreSQL only: when a connection dies while COMMIT is under way, the server may have committed
   * although the API saw an error. Such a pet may exist, at most once, and a retry with its key
   * answers with it; such a change or revocation may have happened. SQLite knows the outcome of
   * every commit, so there a write refused must not have happened.
   */
  refusedMayExist?: boolean;
}

/**
 * Against a restarted API, the ledger's promises, each exactly:
 * - every acknowledged pet is there with the id it was given, as its acknowledged changes left it,
 *   or, when its last change was never answered (or, with `refusedMayExist`, refused), as that
 *   change left it; a removed pet is gone from lists, `GET` and `PATCH`;
 * - its audit trail is exactly its creation and the changes that state says were applied, one event
 *   each: a change without its event, or an event without its change, fails;
 * - no pet is stored that was not acknowledged, but for a create whose answer never came (or was
 *   an error, with `refusedMayExist`), once, with its one event; no event names a pet not stored;
 * - every revocation holds exactly as answered, with one event exactly when it holds.
 * Then every create that failed is retried with its key, as a careful client would: each ends up
 * stored once, with the first attempt's id if that was stored, else with an id never given before.
 */
export async function checkLedger(
  ledger: WriteLedger,
  baseUrl: string,
  revocationKeys: Map<number, string>,
  options: CheckOptions = {},
): Promise<void> {
  const { key } = ledger.keys;
  expect(ledger.unexpected).toEqual([]);
  const listed = await listedPets(baseUrl, key);
  const trail = await auditTrail(baseUrl, key, 'pet');
  const uncertain = (answer: Exclude<Answer, 'acknowledged'>) =>
    answer === 'unanswered' || options.refusedMayExist === true;

  await checkPetEvents(baseUrl, key, trail);

  const managed = new Map(ledger.managed.map((pet) => [pet.id, pet]));
  const show = ({ pet, events }: ReturnType<typeof replay>) =>
    JSON.stringify({ pet: pet ?? 'removed', events });
  const wrong: string[] = [];
  const removed: number[] = [];
  for (const [name, id] of ledger.acknowledged) {
    const { acknowledged = [], uncertain: last } = managed.get(id) ?? {};
    const outcomes = [replay(id, name, acknowledged)];
    if (last && uncertain(last.answer))
      outcomes.push(replay(id, name, [...acknowledged, last.change]));
    const stored = { pet: listed.get(id), events: trail.get(id) ?? [] };
    if (!outcomes.some((outcome) => isDeepStrictEqual(outcome, stored)))
      wrong.push(
        `pet ${id}: stored ${show(stored)}; answers say ${outcomes.map(show).join(' or ')}`,
      );
    if (!stored.pet) removed.push(id);
  }
  expect(
    wrong.slice(0, 3),
    `of ${ledger.acknowledged.size} acknowledged pets, ${wrong.length} are not as their answers say after the restart`,
  ).toEqual([]);
  for (const id of removed) {
    const headers = { authorization: `Bearer ${key}`, 'content-type': 'application/json' };
    const read = await fetch(`${baseUrl}/v1/pets/${id}`, { headers });
    const change = await fetch(`${baseUrl}/v1/pets/${id}`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ status: 'pending' }),
    });
    await Promise.all([read.arrayBuffer(), change.arrayBuffer()]);
    expect([read.status, change.status], `removed pet ${id}: GET and PATCH`).toEqual([404, 404]);
  }

  const acknowledgedIds = new Set(ledger.acknowledged.values());
  const mayExist = new Set([
    ...ledger.unanswered,
    ...(options.refusedMayExist ? ledger.refused : []),
  ]);
  const strays = [...listed.values()].filter((pet) => !acknowledgedIds.has(pet.id));
  const wrongStrays = strays.filter(
    (pet) =>
      !mayExist.has(pet.name) ||
      !isDeepStrictEqual({ pet, events: trail.get(pet.id) ?? [] }, replay(pet.id, pet.name, [])),
  );
  expect(
    wrongStrays.slice(0, 5),
    `${wrongStrays.length} pets stored that were never acknowledged (refused: ${ledger.refused.size}, unanswered: ${ledger.unanswered.size})`,
  ).toEqual([]);
  const strayNames = strays.map((pet) => pet.name);
  expect(strayNames.filter((name, i) => strayNames.indexOf(name) !== i)).toEqual([]);
  const orphans = [...trail.keys()].filter((id) => !acknowledgedIds.has(id) && !listed.has(id));
  expect(orphans, 'audit events about pets that were never stored').toEqual([]);

  const keyTrail = await auditTrail(baseUrl, key, 'key');
  const revocationsOf = (keyId: number) =>
    (keyTrail.get(keyId) ?? []).filter((event) => event.action === 'key.revoked').length;
  const unasked = [...keyTrail.keys()].filter(
    (keyId) => !ledger.revocations.has(keyId) && revocationsOf(keyId) > 0,
  );
  expect(unasked, 'keys revoked that no one revoked').toEqual([]);
  for (const [keyId, revoked] of ledger.revocations) {
    const secret = revocationKeys.get(keyId);
    if (secret === undefined) throw new Error(`no secret for key ${keyId}`);
    const response = await fetch(`${baseUrl}/v1/pets?limit=1`, {
      headers: { authorization: `Bearer ${secret}` },
    });
    // The revocation's event is there exactly when the revocation is, once.
    expect(revocationsOf(keyId), `audit of key ${keyId}`).toBe(response.status === 401 ? 1 : 0);
    if (revoked) expect(response.status, `key ${keyId} revoked`).toBe(401);
    else if (options.refusedMayExist) expect([200, 401]).toContain(response.status);
    else expect(response.status, `key ${keyId} kept`).toBe(200);
  }

  await checkCategories(ledger, baseUrl, options);
  await checkOrders(ledger, baseUrl, options);

  const retried: number[] = [];
  for (const name of [...ledger.refused, ...ledger.unanswered]) {
    const response = await retryCreate(
      `${baseUrl}/v1/pets`,
      createHeaders(ledger.senders.get(name) ?? key, name),
      bodyOf(name),
    );
    // A retry creates the pet now, or replays the first answer if the first attempt was stored.
    expect(response.status, `retry of ${name}`).toBe(201);
    const { id } = (await response.json()) as Pet;
    const first = strays.find((pet) => pet.name === name);
    if (first) expect(id, `retry of ${name}`).toBe(first.id);
    else
      expect(acknowledgedIds.has(id) || listed.has(id), `retry of ${name}: id ${id}`).toBe(false);
    retried.push(id);
  }
  const after = await listedPets(baseUrl, key);
  const byNumber = (a: number, b: number) => a - b;
  expect([...after.keys()].sort(byNumber)).toEqual(
    [...new Set([...listed.keys(), ...retried])].sort(byNumber),
  );
}

/**
 * The ledger's categories against a restarted API: each acknowledged one there with its id and
 * name, in use, with its one `category.created` event; no other category of the ledger but one
 * whose create was never answered (or refused, with `refusedMayExist`), once, with its event; no
 * event about a category not stored. Then each create that failed is retried with its key: it
 * answers the category stored by the first attempt, or creates it now.
 */
async function checkCategories(
  ledger: WriteLedger,
  baseUrl: string,
  options: CheckOptions,
): Promise<void> {
  const { key } = ledger.keys;
  const { acknowledged, refused, unanswered } = ledger.categories;
  const listed = await fetchAll<Category>(`${baseUrl}/v1/categories?limit=100`, bearer(key));
  const trail = await auditTrail(baseUrl, key, 'category');
  const made = (name: string) => [
    { action: 'category.created', changes: { name: [null, name], archived: [null, false] } },
  ];
  const byName = new Map(listed.map((category) => [category.name, category]));
  expect(byName.size, 'categories listed twice').toBe(listed.length);
  const wrong = [...acknowledged].filter(([name, id]) => {
    const stored = byName.get(name);
    return (
      !isDeepStrictEqual(stored, { id, name, archived: false, petCount: 0 }) ||
      !isDeepStrictEqual(trail.get(id), made(name))
    );
  });
  expect(wrong, 'acknowledged categories not as their answers say').toEqual([]);
  const mayExist = new Set([...unanswered, ...(options.refusedMayExist ? refused : [])]);
  const ours = / category \d+$/;
  const ids = new Set(acknowledged.values());
  const strays = listed.filter((category) => ours.test(category.name) && !ids.has(category.id));
  expect(
    strays.filter(
      (stray) =>
        !mayExist.has(stray.name) || !isDeepStrictEqual(trail.get(stray.id), made(stray.name)),
    ),
    'categories stored that were never acknowledged',
  ).toEqual([]);
  const listedIds = new Set(listed.map((category) => category.id));
  expect(
    [...trail.keys()].filter((id) => !listedIds.has(id)),
    'audit events about categories never stored',
  ).toEqual([]);

  for (const name of [...refused, ...unanswered]) {
    const response = await retryCreate(
      `${baseUrl}/v1/categories`,
      createHeaders(key, name),
      JSON.stringify({ name }),
    );
    expect(response.status, `retry of ${name}`).toBe(201);
    const { id } = (await response.json()) as Category;
    const first = byName.get(name);
    if (first) expect(id, `retry of ${name}`).toBe(first.id);
    else expect(listedIds.has(id), `retry of ${name}: id ${id}`).toBe(false);
  }
}

/**
 * The ledger's store orders against a restarted API (their pets' statuses and `pet.updated` events
 * are checked with the pets, by {@link replay}): each pet an orderer took through steps has exactly
 * the order its acknowledged steps made, with the id it was answered, in the status the last one
 * left it (or, when its last step was never answered, or refused with `refusedMayExist`, the status
 * that step would leave it: a place not answered may have stored its order, once), with exactly one
 * `order.*` event for each step applied; no order is stored for any other pet, and no order event
 * names an order not stored. Then each place that failed is retried with its key: it answers the
 * order stored by the first attempt, or places it now.
 */
async function checkOrders(
  ledger: WriteLedger,
  baseUrl: string,
  options: CheckOptions,
): Promise<void> {
  const { key } = ledger.keys;
  const listed = await fetchAll<Order>(`${baseUrl}/v1/store/orders?limit=100`, bearer(key));
  const trail = await auditTrail(baseUrl, key, 'order');
  const byPet = new Map<number, Order[]>();
  for (const order of listed) byPet.set(order.petId, [...(byPet.get(order.petId) ?? []), order]);
  const ordered = ledger.managed.filter(
    (pet) =>
      pet.acknowledged.some(isOrderStep) || (pet.uncertain && isOrderStep(pet.uncertain.change)),
  );
  /** The order and its events after these steps (none before its place). */
  const made = (petId: number, steps: readonly OrderStep[]) => {
    let status: OrderStatus | undefined;
    const events: EventShape[] = [];
    for (const { order: step } of steps) {
      const to = ORDER_STATUS_AFTER[step];
      events.push({
        action: `order.${to}`,
        changes:
          status === undefined
            ? { petId: [null, petId], status: [null, to] }
            : { status: [status, to] },
      });
      status = to;
    }
    return status === undefined ? [] : [{ status, events }];
  };
  const wrong: string[] = [];
  const retries: ManagedPet[] = [];
  for (const pet of ordered) {
    const steps = pet.acknowledged.filter(isOrderStep);
    const last = pet.uncertain;
    const outcomes = [made(pet.id, steps)];
    if (
      last &&
      isOrderStep(last.change) &&
      (last.answer === 'unanswered' || options.refusedMayExist === true)
    )
      outcomes.push(made(pet.id, [...steps, last.change]));
    const orders = byPet.get(pet.id) ?? [];
    const stored = orders.map((order) => ({
      status: order.status,
      events: trail.get(order.id) ?? [],
    }));
    if (!outcomes.some((outcome) => isDeepStrictEqual(outcome, stored)))
      wrong.push(
        `pet ${pet.id}: orders stored ${JSON.stringify(stored)}; answers say ${outcomes.map((o) => JSON.stringify(o)).join(' or ')}`,
      );
    if (pet.orderId !== undefined && orders[0]?.id !== pet.orderId)
      wrong.push(`pet ${pet.id}: order ${pet.orderId} acknowledged, ${orders[0]?.id} stored`);
    if (steps.length === 0) retries.push(pet);
  }
  expect(
    wrong.slice(0, 3),
    `of ${ordered.length} pets ordered, ${wrong.length} have orders not as their answers say after the restart`,
  ).toEqual([]);
  const orderedIds = new Set(ordered.map((pet) => pet.id));
  expect(
    listed.filter((order) => !orderedIds.has(order.petId)),
    'orders stored for pets no one ordered',
  ).toEqual([]);
  const listedIds = new Set(listed.map((order) => order.id));
  expect(
    [...trail.keys()].filter((id) => !listedIds.has(id)),
    'audit events about orders never stored',
  ).toEqual([]);

  for (const pet of retries) {
    const response = await retryCreate(
      `${baseUrl}/v1/store/orders`,
      createHeaders(ledger.keys.partnerKey, orderKeyOf(pet.name)),
      JSON.stringify({ petId: pet.id }),
    );
    expect(response.status, `retry of the order of pet ${pet.id}`).toBe(201);
    const { id } = (await response.json()) as Order;
    const first = byPet.get(pet.id)?.[0];
    if (first) expect(id, `retry of the order of pet ${pet.id}`).toBe(first.id);
    else expect(listedIds.has(id), `retry of the order of pet ${pet.id}: id ${id}`).toBe(false);
  }
}

export interface DurableAccount extends LedgerKeys {
  env: Record<string, string>;
  /** More keys of the staff account, to revoke: id → secret. */
  spare: Map<number, string>;
}

/**
 * The API's environment on `databaseUrl`; a staff account and a partner account, both enterprise
 * with limits never met, and their keys; and `spares` more keys of the staff account.
 */
export function durableAccount(databaseUrl: string, spares: number): DurableAccount {
  const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl };
  // Staff, so the check can read the audit trail too.
  const { accountId, key } = createAccountKey(env, {
    name: 'Durable',
    role: 'staff',
    ...UNLIMITED,
  });
  const partnerKey = createAccountKey(env, { name: 'Partner', role: 'partner', ...UNLIMITED }).key;
  const spare = new Map<number, string>();
  for (let i = 0; i < spares; i++) {
    const created = keysCli(env, 'create', '--account', String(accountId), '--label', `spare ${i}`);
    spare.set(Number(created['id']), String(created['key']));
  }
  return { env, key, partnerKey, spare };
}
