// The client against an API newer than its contract, served over HTTP on loopback: a pet status, an
// order status, an error code and fields this version does not know are kept or dropped, not
// refused; a value of the wrong type still is.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPet } from '@pets/contract/testing';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { createPetstoreClient, type PetstoreClient } from './client.js';
import { PetstoreApiError } from './errors.js';
import type { KeyMaker, Order, OrderStatus, Pet, PetStatus, Tolerant } from './index.js';

const order = {
  id: 5,
  petId: 12,
  accountId: 3,
  status: 'shipped',
  placedAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-02T00:00:00.000Z',
};
const adopted = { ...createPet({ id: 12 }), status: 'adopted' };

/** What the newer API answers, by method and path. */
const ANSWERS: Record<string, [status: number, body: unknown]> = {
  'GET /v1/pets': [200, [{ ...adopted, microchip: '985112' }, createPet({ id: 13 })]],
  'GET /v1/pets/12': [200, { ...adopted, microchip: '985112' }],
  'GET /v1/store/orders': [
    200,
    [{ ...order, pet: { id: 12, name: 'Rex', status: 'adopted', categoryId: 1 }, courier: 'DHL' }],
  ],
  'GET /v1/store/orders/5': [200, { ...order, courier: 'Pet Express' }],
  'GET /v1/store/orders/6': [200, { ...order, id: 6, status: 3 }],
  'POST /v1/store/orders/5/cancel': [
    409,
    { code: 'order_shipped', message: 'The order has shipped.', status: 409 },
  ],
};

describe('the client against a newer API', () => {
  let server: Server;
  let client: PetstoreClient;

  beforeAll(async () => {
    server = createServer((request, response) => {
      request.resume();
      const [status, body] = ANSWERS[`${request.method} ${request.url}`] ?? [404, {}];
      response.writeHead(status, { 'content-type': 'application/json', 'x-request-id': 'r1' });
      response.end(JSON.stringify(body));
    });
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    const { port } = server.address() as AddressInfo;
    client = createPetstoreClient({
      baseUrl: `http://127.0.0.1:${port}/v1`,
      apiKey: 'sk_test',
      retry: { retries: 0 },
    });
  });

  afterAll(async () => {
    await new Promise((closed) => server.close(closed));
  });

  it('keeps a pet status it does not know as its string, and drops an unknown field', async () => {
    const page = await client.listPets();
    expect(page.data).toEqual([adopted, createPet({ id: 13 })]);
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- the deprecated operation is still served
    expect((await client.getPet(12)).data).toEqual(adopted);
    const status = page.data[0]?.status;
    expectTypeOf(page.data[0]!.status).toEqualTypeOf<PetStatus | (string & {})>();
    // Comparing with a status the contract does not list is no type error.
    expect(status === 'adopted' ? 'new' : status).toBe('new');
  });

  it('keeps an order status it does not know, in the order and its pet', async () => {
    expect((await client.getOrder(5)).data).toEqual(order);
    // The order's pet is its id, name and status (the category dropped, as any unknown field).
    expect((await client.listOrders()).data).toEqual([
      { ...order, pet: { id: 12, name: 'Rex', status: 'adopted' } },
    ]);
    const placed = (await client.getOrder(5)).data;
    expectTypeOf(placed.status).toEqualTypeOf<OrderStatus | (string & {})>();
    expectTypeOf(placed).toEqualTypeOf<Order>();
  });

  it('keeps an error code it does not know', async () => {
    const failure: unknown = await client.cancelOrder(5).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PetstoreApiError);
    expect(failure).toMatchObject({ kind: 'api', code: 'order_shipped', status: 409 });
  });

  it('still refuses a status of the wrong type', async () => {
    const failure: unknown = await client.getOrder(6).catch((error: unknown) => error);
    expect(failure).toMatchObject({ kind: 'invalid_response', code: 'invalid_response' });
  });
});

describe('the types of answers', () => {
  it('read enum fields as the known values or any string, everything else as the contract', () => {
    expectTypeOf<Pet['status']>().toEqualTypeOf<PetStatus | (string & {})>();
    expectTypeOf<Pet['id']>().toEqualTypeOf<number>();
    expectTypeOf<Pet['name']>().toEqualTypeOf<string>();
    expectTypeOf<Tolerant<'a' | 'b'>>().toEqualTypeOf<'a' | 'b' | (string & {})>();
    expectTypeOf<Tolerant<Tolerant<'a' | 'b'>>>().toEqualTypeOf<'a' | 'b' | (string & {})>();
    expectTypeOf<Tolerant<'cli'>>().toEqualTypeOf<'cli'>();
    expectTypeOf<Tolerant<1 | 2>>().toEqualTypeOf<1 | 2>();
    expectTypeOf<Tolerant<{ a?: ('x' | 'y')[] | null }>>().toEqualTypeOf<{
      a?: ('x' | 'y' | (string & {}))[] | null;
    }>();
  });

  it('narrow a union of kinds of object by its known kinds', () => {
    const madeBy = (maker: KeyMaker) =>
      maker.type === 'person' ? maker.name : maker.type === 'key' ? `key ${maker.keyId}` : 'cli';
    expect(madeBy({ type: 'person', personId: 1, name: 'Ada' })).toBe('Ada');
    expect(madeBy({ type: 'key', keyId: 2 })).toBe('key 2');
    expect(madeBy({ type: 'cli' })).toBe('cli');
  });
});
