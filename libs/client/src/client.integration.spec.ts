// The client against the real API: paging, rate-limit state, retries that make no duplicate,
// errors, pets, categories, store orders and the inventory, the audit trail, people and passkeys.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ARCHIVED_CATEGORY,
  NO_SUCH_CATEGORY,
  PET_ALREADY_ORDERED,
  petNotOrderableIssue,
} from '@pets/contract';
import {
  createAccountKey,
  type ServerProcess,
  SoftAuthenticator,
  startServer,
} from '@pets/services';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPetstoreClient } from './client.js';
import { PetstoreApiError } from './errors.js';

/** The client against the real API, built and started on a free port with a fresh database. */
/**
 * A fetch whose first `times` POSTs reach the API and are done there, but whose answers are lost
 * on the way back (`socket hang up`); `dropped()` counts the answers lost so far.
 */
const losingAnswers = (times: number) => {
  let dropped = 0;
  const lossy: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (init?.method === 'POST' && dropped < times) {
      dropped += 1;
      await response.arrayBuffer();
      throw new TypeError('socket hang up');
    }
    return response;
  };
  return { fetch: lossy, dropped: () => dropped };
};

describe('the client against the real API', () => {
  let server: ServerProcess;
  let dir: string | undefined;
  let staffKey: string;
  let freeKey: string;
  let partnerKey: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'pets-client-'));
    const env = {
      DATABASE_URL: `sqlite:${join(dir, 'petstore.sqlite')}`,
      NODE_ENV: 'test',
      // Webhook endpoints on this machine: the test's network has no public addresses.
      WEBHOOK_ALLOW_PRIVATE: 'true',
    };
    staffKey = createAccountKey(env, {
      name: 'Staff',
      plan: 'enterprise',
      role: 'staff',
      perMinute: 100_000,
      perDay: 1_000_000,
    }).key;
    freeKey = createAccountKey(env, { name: 'Free partner', plan: 'free' }).key;
    partnerKey = createAccountKey(env, {
      name: 'Partner',
      plan: 'enterprise',
      perMinute: 100_000,
      perDay: 1_000_000,
    }).key;
    server = await startServer(env);
    // Three runs of the CLI (each starts the API's services) and a start of the server: room for
    // a machine busy with other suites. startServer's own deadline (20 s) still says why it failed.
  }, 90_000);

  afterAll(async () => {
    // Only what beforeAll got to: a server that never started has nothing to stop.
    const started = server as ServerProcess | undefined;
    if (started) {
      started.child.kill('SIGTERM');
      await started.exited;
    }
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  const client = (apiKey: string) =>
    createPetstoreClient({ baseUrl: `${server.baseUrl}/v1`, apiKey });
  /** A new category of its own for a test, so its pets are the only ones in it. */
  const newCategory = async (name: string) =>
    (await client(staffKey).createCategory({ name })).data.id;
  const countPets = async () => {
    let count = 0;
    for await (const _pet of client(staffKey).iteratePets({ limit: 100 })) count += 1;
    return count;
  };

  it('creates 250 pets and pages through all of them, in order', async () => {
    const staff = client(staffKey);
    const created: number[] = [];
    for (let i = 1; i <= 250; i++) {
      const result = await staff.createPet({
        name: `Pet ${i}`,
        categoryId: 1 + (i % 3),
        status: i % 2 ? 'available' : 'sold',
      });
      expect(result.status).toBe(201);
      created.push(result.data.id);
    }
    const seen: number[] = [];
    for await (const pet of staff.iteratePets({ limit: 100 })) seen.push(pet.id);
    expect(seen).toEqual(created);

    const sold: string[] = [];
    for await (const pet of staff.iteratePets({ status: 'sold', limit: 30 })) sold.push(pet.status);
    expect(sold).toHaveLength(125);
    expect(new Set(sold)).toEqual(new Set(['sold']));
  });

  it('lists a page with its rate-limit state and request id', async () => {
    const page = await client(staffKey).listPets({ limit: 5 });
    expect(page.data).toHaveLength(5);
    expect(page.next).toMatch(new RegExp(`^${server.baseUrl}/v1/pets\\?limit=5&cursor=`));
    expect(page.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(page.rateLimit).toMatchObject({
      limit: 100_000,
      policy: '"minute";q=100000;w=60, "day";q=1000000;w=86400',
    });
  });

  it('gets one pet (deprecated), and a retried create with one key makes one pet', async () => {
    const staff = client(staffKey);
    const first = await staff.createPet(
      { name: 'Once', categoryId: 1 },
      { idempotencyKey: 'integration-once' },
    );
    const again = await staff.createPet(
      { name: 'Once', categoryId: 1 },
      { idempotencyKey: 'integration-once' },
    );
    expect(again.data).toEqual(first.data);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated operation is still served
    expect((await staff.getPet(first.data.id)).data).toEqual(first.data);
  });

  it('never creates a duplicate when the answer is lost on the way back', async () => {
    // The request reaches the API and the pet is created; the answer never arrives, twice.
    const lossy = losingAnswers(2);
    const staff = createPetstoreClient({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: staffKey,
      fetch: lossy.fetch,
    });
    const before = await countPets();
    const created = await staff.createPet({ name: 'Lost and found', categoryId: 2 });
    expect(lossy.dropped()).toBe(2);
    expect(created.status).toBe(201);
    expect(await countPets()).toBe(before + 1);
  });

  it('reports 401 and 400 details as PetstoreApiError', async () => {
    const unauthorised = await client('pets_test_nope')
      .listPets()
      .catch((e: unknown) => e);
    expect(unauthorised).toBeInstanceOf(PetstoreApiError);
    expect(unauthorised).toMatchObject({ kind: 'api', code: 'invalid_api_key', status: 401 });

    const invalid = await client(staffKey)
      .createPet({ name: ' ', categoryId: 0 })
      .catch((e: unknown) => e);
    expect(invalid).toMatchObject({
      code: 'invalid_body',
      status: 400,
      details: [
        { field: 'name', issue: 'must not be empty' },
        { field: 'categoryId', issue: 'must be at least 1' },
      ],
    });
  });

  it('changes, finds and removes pets, refuses a move the API forbids, and reads the audit trail', async () => {
    const staff = client(staffKey);
    const categoryId = await newCategory('Yvonne’s kind');
    const { data: pet } = await staff.createPet({ name: 'Ÿvonne', categoryId });
    const updated = await staff.updatePet(pet.id, { status: 'sold', name: 'Yvonne' });
    expect(updated.data).toEqual({ ...pet, name: 'Yvonne', status: 'sold' });
    const found = await staff.listPets({ name: 'yvo', categoryId });
    expect(found.data).toEqual([updated.data]);

    const refused = await staff.updatePet(pet.id, { status: 'pending' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      code: 'invalid_transition',
      status: 409,
      details: [{ field: 'status', issue: 'sold → pending is not allowed' }],
    });

    const removed = await staff.deletePet(pet.id);
    expect(removed).toMatchObject({ status: 204, data: undefined });
    expect((await staff.listPets({ categoryId })).data).toEqual([]);

    const history = [];
    for await (const event of staff.admin.iterateAudit({
      targetType: 'pet',
      targetId: pet.id,
      limit: 1,
    }))
      history.push([event.action, event.changes]);
    expect(history).toEqual([
      [
        'pet.deleted',
        { name: ['Yvonne', null], categoryId: [categoryId, null], status: ['sold', null] },
      ],
      ['pet.updated', { name: ['Ÿvonne', 'Yvonne'], status: ['available', 'sold'] }],
      [
        'pet.created',
        { name: [null, 'Ÿvonne'], categoryId: [null, categoryId], status: [null, 'available'] },
      ],
    ]);
  });

  it("lists a partner's own pets with owner=me, page after page", async () => {
    const partner = client(partnerKey);
    const categoryId = await newCategory('Owned');
    const mine: number[] = [];
    for (const name of ['Own one', 'Own two', 'Own three'])
      mine.push((await partner.createPet({ name, categoryId })).data.id);
    const staffs = (await client(staffKey).createPet({ name: 'Not yours', categoryId })).data;
    expect((await partner.listPets({ categoryId })).data).toHaveLength(4);

    const first = await partner.listPets({ owner: 'me', limit: 2 });
    expect(first.data.map((pet) => pet.id)).toEqual(mine.slice(0, 2));
    expect(first.next).toMatch(/[?&]owner=me&cursor=/);
    const seen: number[] = [];
    for await (const pet of partner.iteratePets({ owner: 'me', limit: 2 })) seen.push(pet.id);
    expect(seen).toEqual(mine);
    const staffOwn: number[] = [];
    for await (const pet of client(staffKey).iteratePets({ owner: 'me', categoryId }))
      staffOwn.push(pet.id);
    expect(staffOwn).toEqual([staffs.id]);

    const refused = await partner
      .listPets({ owner: 'everyone' as 'me' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PetstoreApiError);
    expect(refused).toMatchObject({
      code: 'invalid_query',
      status: 400,
      details: [{ field: 'owner', issue: 'must be `me`' }],
    });
  });

  it('starts with six categories, which any key lists page after page and gets one by one', async () => {
    const partner = client(partnerKey);
    const first = await partner.listCategories({ limit: 2 });
    expect(first.data.map(({ id, name }) => [id, name])).toEqual([
      [1, 'Dogs'],
      [2, 'Cats'],
    ]);
    expect(first.next).toMatch(new RegExp(`^${server.baseUrl}/v1/categories\\?limit=2&cursor=`));
    const names: string[] = [];
    for await (const category of partner.iterateCategories({ limit: 2 })) names.push(category.name);
    expect(names.slice(0, 6)).toEqual([
      'Dogs',
      'Cats',
      'Birds',
      'Fish',
      'Reptiles',
      'Small animals',
    ]);
    expect(await partner.getCategory(4)).toMatchObject({
      status: 200,
      data: { id: 4, name: 'Fish', archived: false },
    });
    expect(await partner.getCategory(999_999).catch((error: unknown) => error)).toMatchObject({
      code: 'not_found',
      status: 404,
    });
  });

  it('staff create, rename, archive and restore a category; its pets keep it, and no pet is put in it while archived', async () => {
    const staff = client(staffKey);
    const created = await staff.createCategory(
      { name: 'Hedgehogs' },
      { idempotencyKey: 'hedgehogs' },
    );
    expect(created).toMatchObject({
      status: 201,
      idempotencyKey: 'hedgehogs',
      data: { name: 'Hedgehogs', archived: false, petCount: 0 },
    });
    const { id } = created.data;
    expect(created.location).toMatch(new RegExp(`/v1/categories/${id}$`));
    // The same key again: the same category, not a second one.
    expect(
      (await staff.createCategory({ name: 'Hedgehogs' }, { idempotencyKey: 'hedgehogs' })).data,
    ).toEqual(created.data);

    // A name is taken whatever its case, on create and on rename.
    expect(
      await staff.createCategory({ name: 'HEDGEHOGS' }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'name_taken',
      status: 409,
    });
    expect(await staff.updateCategory(id, { name: 'dogs' }).catch((e: unknown) => e)).toMatchObject(
      {
        code: 'name_taken',
        status: 409,
      },
    );
    // Partners read categories but do not change them.
    expect(
      await client(partnerKey)
        .createCategory({ name: 'Mine' })
        .catch((e: unknown) => e),
    ).toMatchObject({ status: 403 });

    const { data: spike } = await staff.createPet({ name: 'Spike', categoryId: id });
    expect((await staff.getCategory(id)).data.petCount).toBe(1);
    expect((await staff.updateCategory(id, { name: 'Urchins' })).data).toMatchObject({
      name: 'Urchins',
    });
    expect((await staff.updateCategory(id, { archived: true })).data).toMatchObject({
      archived: true,
      petCount: 1,
    });

    // Archived: its pet keeps it; no pet is created in it or moved to it.
    expect((await staff.listPets({ categoryId: id })).data).toEqual([spike]);
    expect(
      await staff.createPet({ name: 'Sonic', categoryId: id }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'invalid_body',
      status: 400,
      details: [{ field: 'categoryId', issue: ARCHIVED_CATEGORY }],
    });
    const { data: other } = await staff.createPet({ name: 'Moved', categoryId: 1 });
    expect(
      await staff.updatePet(other.id, { categoryId: id }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'categoryId', issue: ARCHIVED_CATEGORY }],
    });
    expect((await staff.updatePet(spike.id, { name: 'Spiky' })).data).toMatchObject({
      categoryId: id,
    });
    expect(
      await staff.createPet({ name: 'Nowhere', categoryId: 999_999 }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'invalid_body',
      details: [{ field: 'categoryId', issue: NO_SUCH_CATEGORY }],
    });

    expect((await staff.updateCategory(id, { archived: false })).data.archived).toBe(false);
    expect((await staff.createPet({ name: 'Sonic', categoryId: id })).data.categoryId).toBe(id);

    const actions = [];
    for await (const event of staff.admin.iterateAudit({ targetType: 'category', targetId: id }))
      actions.push(event.action);
    expect(actions).toEqual([
      'category.restored',
      'category.archived',
      'category.renamed',
      'category.created',
    ]);
  });

  it('never creates a duplicate category when the answer is lost on the way back', async () => {
    const lossy = losingAnswers(2);
    const staff = createPetstoreClient({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: staffKey,
      fetch: lossy.fetch,
    });
    const created = await staff.createCategory({ name: 'Lost and found' });
    expect(lossy.dropped()).toBe(2);
    expect(created.status).toBe(201);
    const named = [];
    for await (const category of staff.iterateCategories({ limit: 100 }))
      if (category.name === 'Lost and found') named.push(category.id);
    expect(named).toEqual([created.data.id]);
  });

  it('a partner makes a webhook endpoint once though the answer is lost, changes it, rolls its secret and deletes it; staff see it', async () => {
    const lossy = losingAnswers(1);
    const partner = createPetstoreClient({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: partnerKey,
      fetch: lossy.fetch,
    });
    const created = await partner.createWebhookEndpoint({
      url: 'http://127.0.0.1:9/hooks',
      events: ['order.placed', 'pet.created'],
    });
    expect(lossy.dropped()).toBe(1);
    expect(created.status).toBe(201);
    const { secret, ...endpoint } = created.data;
    expect(secret).toMatch(/^whsec_/);
    expect(endpoint.events).toEqual(['pet.created', 'order.placed']);
    const listed = [];
    for await (const hook of partner.iterateWebhookEndpoints()) listed.push(hook);
    expect(listed).toEqual([endpoint]);

    const disabled = await partner.updateWebhookEndpoint(endpoint.id, { status: 'disabled' });
    expect(disabled.data).toMatchObject({ status: 'disabled', disabledReason: 'requested' });
    const rolled = await partner.rollWebhookSecret(endpoint.id);
    expect(rolled.data.secret).not.toBe(secret);
    const seen = await client(staffKey).admin.getWebhookEndpointOfAccount(
      endpoint.accountId,
      endpoint.id,
    );
    expect(seen.data).toMatchObject({
      secretPrefix: rolled.data.secret.slice(0, 10),
      previousSecretExpiresAt: rolled.data.previousSecretExpiresAt,
    });

    expect((await partner.deleteWebhookEndpoint(endpoint.id)).status).toBe(204);
    const refused = await partner.getWebhookEndpoint(endpoint.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(PetstoreApiError);
    expect(refused).toMatchObject({ status: 404, code: 'not_found' });
  });

  /** A pet's status now, found by its (unique) name. */
  const statusOf = async (name: string) =>
    (await client(staffKey).listPets({ name })).data.find((pet) => pet.name === name)?.status;

  it('a partner adopts a pet: one order for a repeated key, none for a pet already ordered; staff approve and deliver it, the pet sold and the inventory counting it', async () => {
    const staff = client(staffKey);
    const partner = client(partnerKey);
    const { data: pet } = await staff.createPet({ name: 'Adoptee Ada', categoryId: 1 });
    const before = (await staff.getInventory()).data;

    const placed = await partner.placeOrder({ petId: pet.id }, { idempotencyKey: 'adopt-ada' });
    expect(placed).toMatchObject({
      status: 201,
      idempotencyKey: 'adopt-ada',
      data: { petId: pet.id, status: 'placed' },
    });
    const order = placed.data;
    expect(order.placedAt).toBe(order.updatedAt);
    expect(placed.location).toMatch(new RegExp(`/v1/store/orders/${order.id}$`));
    // The same key again: the same order, not a second one (nor a refusal).
    expect(
      (await partner.placeOrder({ petId: pet.id }, { idempotencyKey: 'adopt-ada' })).data,
    ).toEqual(order);
    expect(await statusOf('Adoptee Ada')).toBe('pending');
    expect((await staff.getInventory()).data).toEqual({
      ...before,
      available: before.available - 1,
      pending: before.pending + 1,
    });

    // Already ordered: refused with the reason, by another key too.
    expect(await staff.placeOrder({ petId: pet.id }).catch((e: unknown) => e)).toMatchObject({
      kind: 'api',
      code: 'invalid_transition',
      status: 409,
      details: [{ field: 'petId', issue: PET_ALREADY_ORDERED }],
    });
    // While the order is open, the pet's status moves only with it.
    expect(
      await staff.updatePet(pet.id, { status: 'available' }).catch((e: unknown) => e),
    ).toMatchObject({ code: 'invalid_transition', status: 409 });

    // Partners neither approve nor deliver; staff see the order among every order.
    expect(await partner.approveOrder(order.id).catch((e: unknown) => e)).toMatchObject({
      code: 'forbidden',
      status: 403,
    });
    expect((await staff.getOrder(order.id)).data).toEqual(order);
    const ofPet = [];
    for await (const each of staff.iterateOrders({ petId: pet.id, limit: 1 })) ofPet.push(each);
    expect(ofPet).toEqual([order]);

    // Delivering first is refused: it must be approved.
    expect(await staff.deliverOrder(order.id).catch((e: unknown) => e)).toMatchObject({
      code: 'invalid_transition',
      status: 409,
    });
    const approved = (await staff.approveOrder(order.id)).data;
    expect(approved).toMatchObject({ id: order.id, status: 'approved' });
    expect(await statusOf('Adoptee Ada')).toBe('pending');
    const delivered = (await staff.deliverOrder(order.id)).data;
    expect(delivered).toMatchObject({ id: order.id, status: 'delivered' });
    expect(await statusOf('Adoptee Ada')).toBe('sold');
    expect((await staff.getInventory()).data).toEqual({
      ...before,
      available: before.available - 1,
      sold: before.sold + 1,
    });
    // Staff see it by name, newest first, and counted in today's adoptions.
    const named = [];
    for await (const each of staff.iterateOrders({
      petId: pet.id,
      sort: '-id',
      expand: ['pet', 'account'],
    }))
      named.push(each);
    expect(named).toEqual([
      {
        ...delivered,
        pet: { id: pet.id, name: 'Adoptee Ada', status: 'sold' },
        account: { id: order.accountId, name: expect.any(String) as string },
      },
    ]);
    const today = new Date(delivered.updatedAt).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.parse(today) + 86_400_000).toISOString().slice(0, 10);
    const report = await staff.getAdoptionsReport({ from: today, to: tomorrow, by: 'account' });
    expect(report.data.rows).toContainEqual(
      expect.objectContaining({ account: named[0]?.account }),
    );
    // Delivered is final: no cancel, for the partner or staff.
    expect(await partner.cancelOrder(order.id).catch((e: unknown) => e)).toMatchObject({
      code: 'invalid_transition',
      status: 409,
    });
    // A sold pet cannot be ordered.
    expect(await partner.placeOrder({ petId: pet.id }).catch((e: unknown) => e)).toMatchObject({
      code: 'invalid_transition',
      details: [{ field: 'petId', issue: petNotOrderableIssue('sold') }],
    });

    const actions = [];
    for await (const event of staff.admin.iterateAudit({ targetType: 'order', targetId: order.id }))
      actions.push(event.action);
    expect(actions).toEqual(['order.delivered', 'order.approved', 'order.placed']);
  });

  it('a partner sees and cancels only its own orders, page after page; the pet is available again and can be ordered anew', async () => {
    const staff = client(staffKey);
    const partner = client(partnerKey);
    const { data: other } = await staff.admin.createAccount({ name: 'Other shop', plan: 'pro' });
    const otherPartner = client(
      (await staff.admin.createKeyForAccount(other.id, 'orders')).data.key,
    );

    const pets = [];
    for (const name of ['Cancel Cleo', 'Cancel Cody', 'Cancel Cass'])
      pets.push((await staff.createPet({ name, categoryId: 2 })).data);
    const mine = [];
    for (const pet of pets.slice(0, 2))
      mine.push((await partner.placeOrder({ petId: pet.id })).data);
    const theirs = (await otherPartner.placeOrder({ petId: pets[2]?.id ?? 0 })).data;

    // Each partner sees its own orders only, in ascending id, following next.
    const seen: number[] = [];
    for await (const each of partner.iterateOrders({ status: 'placed', limit: 1 }))
      seen.push(each.id);
    expect(seen).toEqual(expect.arrayContaining(mine.map((each) => each.id)));
    expect(seen).not.toContain(theirs.id);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    const first = await partner.listOrders({ status: 'placed', limit: 1 });
    expect(first.next).toMatch(/[?&]status=placed/);
    expect(await partner.getOrder(theirs.id).catch((e: unknown) => e)).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    expect(await partner.cancelOrder(theirs.id).catch((e: unknown) => e)).toMatchObject({
      status: 404,
    });

    // The partner cancels its own: the pet is available again; once more is refused.
    const [cleo] = mine;
    const cancelled = (await partner.cancelOrder(cleo?.id ?? 0)).data;
    expect(cancelled).toMatchObject({ id: cleo?.id, status: 'cancelled' });
    expect(Date.parse(cancelled.updatedAt)).toBeGreaterThanOrEqual(Date.parse(cancelled.placedAt));
    expect(await statusOf('Cancel Cleo')).toBe('available');
    expect(await partner.cancelOrder(cleo?.id ?? 0).catch((e: unknown) => e)).toMatchObject({
      code: 'invalid_transition',
      status: 409,
    });
    // Staff cancel anyone's, an approved one too.
    await staff.approveOrder(theirs.id);
    expect((await staff.cancelOrder(theirs.id)).data.status).toBe('cancelled');
    expect(await statusOf('Cancel Cass')).toBe('available');

    // Available again, Cleo can be ordered anew: a new order.
    const again = (await otherPartner.placeOrder({ petId: cleo?.petId ?? 0 })).data;
    expect(again.id).toBeGreaterThan(theirs.id);
    const cancelledOnes = [];
    for await (const each of partner.iterateOrders({ status: 'cancelled' }))
      cancelledOnes.push(each.id);
    expect(cancelledOnes).toContain(cleo?.id);
    expect(
      new Set((await partner.listOrders({ petId: cleo?.petId ?? 0 })).data.map((o) => o.id)),
    ).toEqual(new Set([cleo?.id]));
  });

  it('never places a second order when the answer is lost on the way back', async () => {
    const lossy = losingAnswers(2);
    const { data: pet } = await client(staffKey).createPet({ name: 'Lost order', categoryId: 3 });
    const partner = createPetstoreClient({
      baseUrl: `${server.baseUrl}/v1`,
      apiKey: partnerKey,
      fetch: lossy.fetch,
    });
    const placed = await partner.placeOrder({ petId: pet.id });
    expect(lossy.dropped()).toBe(2);
    expect(placed).toMatchObject({ status: 201, data: { petId: pet.id, status: 'placed' } });
    expect((await partner.listOrders({ petId: pet.id })).data).toEqual([placed.data]);
  });

  it('invites a person, who joins with the link; staff give them a reset link, which works once', async () => {
    const staff = client(staffKey);
    // Node's fetch keeps no cookies: each session is set and dropped, which is all these need.
    const browser = createPetstoreClient({ baseUrl: `${server.baseUrl}/v1` });
    const { id: accountId } = (await staff.getAccount()).data;
    const invited = (
      await staff.admin.createInvitationForAccount(accountId, { email: 'Kit@Example.com' })
    ).data;
    // As it was given; people's emails are compared without regard to case.
    expect(invited).toMatchObject({ accountId, email: 'Kit@Example.com', delivery: 'shown' });
    const link = invited.delivery === 'shown' ? invited.link : '';
    const token = new URL(link).hash.slice(1);
    expect(new URL(link).pathname).toBe('/admin/welcome');
    const password = 'a fairly long pass phrase';
    expect((await browser.session.acceptInvitation({ token, name: 'Kit', password })).status).toBe(
      204,
    );
    expect(await browser.session.signIn({ email: 'kit@example.com', password })).toMatchObject({
      status: 204,
    });
    const again = await browser.session
      .acceptInvitation({ token, name: 'Kit', password })
      .catch((error: unknown) => error);
    expect(again).toMatchObject({
      code: 'invalid_body',
      status: 400,
      details: [{ field: 'token' }],
    });

    // The person's id, from the audit trail: the API lists no people yet.
    const joined = (await staff.admin.listAudit({ targetType: 'person' })).data.find(
      (event) => event.action === 'person.joined',
    );
    const personId = joined?.target.id ?? 0;
    const reset = (await staff.admin.createPasswordReset(personId)).data;
    expect(reset.personId).toBe(personId);
    const resetToken = new URL(reset.delivery === 'shown' ? reset.link : '').hash.slice(1);
    const newPassword = 'another fairly long phrase';
    expect(
      (await browser.session.resetPassword({ token: resetToken, password: newPassword })).status,
    ).toBe(204);
    expect(
      (await browser.session.signIn({ email: 'kit@example.com', password: newPassword })).status,
    ).toBe(204);
    const old = await browser.session
      .signIn({ email: 'kit@example.com', password })
      .catch((error: unknown) => error);
    expect(old).toMatchObject({ code: 'invalid_credentials', status: 401 });
  });

  it('a person adds a passkey, signs out, signs in with it and no password, then removes the password', async () => {
    const staff = client(staffKey);
    const origin = new URL(server.baseUrl).origin;
    /** A browser's cookie and Origin, which Node's fetch does not keep or send. */
    const browserFetch = (): typeof fetch => {
      let cookie = '';
      return async (input, init) => {
        const request = new Request(input, init);
        if (cookie) request.headers.set('cookie', cookie);
        request.headers.set('origin', origin);
        const response = await fetch(request);
        const set = response.headers.get('set-cookie');
        if (set) cookie = /^[^;]*/.exec(set)?.[0] ?? '';
        return response;
      };
    };
    const browser = createPetstoreClient({
      baseUrl: `${server.baseUrl}/v1`,
      fetch: browserFetch(),
    });
    const { id: accountId } = (await staff.getAccount()).data;
    const invited = (
      await staff.admin.createInvitationForAccount(accountId, { email: 'pia@example.com' })
    ).data;
    const token = new URL(invited.delivery === 'shown' ? invited.link : '').hash.slice(1);
    const password = 'a passkey person’s phrase';
    await browser.session.acceptInvitation({ token, name: 'Pia', password });

    const authenticator = new SoftAuthenticator(origin);
    const options = (await browser.session.startPasskeyRegistration()).data;
    const added = await browser.session.addPasskey({
      name: 'Laptop',
      credential: authenticator.create(options),
    });
    expect(added).toMatchObject({ status: 201, data: { name: 'Laptop', lastUsedAt: null } });
    const listed = [];
    for await (const passkey of browser.session.iteratePasskeys()) listed.push(passkey);
    expect(listed).toEqual([added.data]);
    expect((await browser.session.signOut()).status).toBe(204);

    const other = createPetstoreClient({ baseUrl: `${server.baseUrl}/v1`, fetch: browserFetch() });
    const request = (await other.session.startPasskeySignIn()).data;
    const answer = authenticator.get(request);
    expect((await other.session.signInWithPasskey({ credential: answer })).status).toBe(204);
    expect((await other.session.getCurrentSession()).data).toMatchObject({
      person: { email: 'pia@example.com' },
      hasPassword: true,
    });
    // The same answer again: its challenge is used.
    expect(
      await other.session.signInWithPasskey({ credential: answer }).catch((e: unknown) => e),
    ).toMatchObject({ code: 'invalid_credentials', status: 401 });

    expect((await other.session.removePassword({ currentPassword: password })).status).toBe(204);
    expect(
      await browser.session.signIn({ email: 'pia@example.com', password }).catch((e: unknown) => e),
    ).toMatchObject({ code: 'invalid_credentials', status: 401 });
    expect(await other.session.removePasskey(added.data.id).catch((e: unknown) => e)).toMatchObject(
      { code: 'invalid_transition', status: 409 },
    );
  });

  it(
    'with a Free key: after 60 requests in a minute, waits out the 429 and then succeeds, never banned',
    { timeout: 90_000 },
    async () => {
      const free = client(freeKey);
      const results = [];
      for (let i = 0; i < 61; i++) results.push(await free.listPets({ limit: 1 }));
      // The 61st waited for the next minute.
      expect(results.every((result) => result.status === 200)).toBe(true);
      expect(results[60]?.rateLimit?.remaining).toBeGreaterThanOrEqual(58);
    },
  );
});
