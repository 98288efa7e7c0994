/**
 * What the browser tests ask the suite's API directly, as a program or another person would
 * meanwhile: calls with a key, new people joined through an invitation, and what the API says
 * to a session cookie. Each call comes from a client address of its own (browser.ts).
 */
import { LIST_LIMIT_MAX } from '@pets/contract';
import type { BrowserContext } from 'playwright-core';
import { expect, inject } from 'vitest';
import { forwardedFor } from './browser.js';
import { acceptInvitation } from './global-setup.js';

const { baseUrl, staffKey, people } = inject('e2e');

/** The API's session cookie. */
export const SESSION_COOKIE = '__Host-pets_session';

export interface CallOptions {
  method?: string;
  /** Sent as JSON (`contentType` unless said). */
  body?: object;
  contentType?: string;
  idempotencyKey?: string;
}

/** Calls `/v1{path}` with `key`; the API's answer, whatever its status. */
export const callApi = (key: string, path: string, init: CallOptions = {}): Promise<Response> =>
  fetch(`${baseUrl}/v1${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${key}`,
      ...forwardedFor(),
      ...(init.body === undefined
        ? {}
        : { 'content-type': init.contentType ?? 'application/json' }),
      ...(init.idempotencyKey === undefined ? {} : { 'idempotency-key': init.idempotencyKey }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** Calls `/v1{path}` with `key`, as a program would: the body of its answer, which must succeed. */
export async function apiJson<T>(key: string, path: string, init: CallOptions = {}): Promise<T> {
  const response = await callApi(key, path, init);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** A new pet made with `key` (staff's unless said): available, in category 1 unless said. */
export const newPet = (
  name: string,
  { key = staffKey, categoryId = 1 }: { key?: string; categoryId?: number } = {},
) =>
  apiJson<{ id: number; name: string; status: string }>(key, '/pets', {
    method: 'POST',
    body: { name, categoryId },
  });

/**
 * Creates `count` pets named `<prefix> 1`, `<prefix> 2`, … with `status`, in categories 2 to 5 in
 * turn (the first Cats), through the API with `key` (staff's unless said); their ids.
 */
export async function createPets(
  count: number,
  status: 'available' | 'pending' | 'sold',
  prefix: string,
  key = staffKey,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 1; i <= count; i++) {
    const response = await callApi(key, '/pets', {
      method: 'POST',
      body: { name: `${prefix} ${i}`, categoryId: 1 + (i % 4), status },
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { id: number }).id);
  }
  return ids;
}

/**
 * Sends requests with `key` until the API refuses it, `tries` times at the most, 300 ms apart (a
 * revocation takes up to 5 s to spread); the last status.
 */
export async function statusOnceRevoked(key: string, tries = 30): Promise<number> {
  let status = 200;
  for (let i = 0; i < tries && status === 200; i++) {
    status = (await callApi(key, '/pets')).status;
    if (status === 200) await new Promise((resolve) => setTimeout(resolve, 300));
  }
  return status;
}

/** A person who joined through the API. */
export interface Joined {
  id: number;
  accountId: number;
  email: string;
  name: string;
  password: string;
}

/**
 * A new person of `accountId` (the partner's unless said), invited by staff and joined, via the
 * API, named by their email's local part.
 */
export async function newPerson(
  email: string,
  password = 'a new person’s phrase',
  accountId = people.partner.accountId,
): Promise<Joined> {
  const invited = await callApi(staffKey, `/admin/accounts/${accountId}/invitations`, {
    method: 'POST',
    body: { email },
  });
  expect(invited.status).toBe(201);
  const { link } = (await invited.json()) as { link: string };
  const name = email.split('@')[0] ?? email;
  const joined = await acceptInvitation(baseUrl, link, { name, password }, forwardedFor());
  expect(joined.status).toBe(204);
  const found = (await personOf(accountId, email)) ?? { id: 0 };
  return { id: found.id, accountId, email, name, password };
}

/** A person as the API lists them to staff (deactivated or not), by email. */
export async function personOf(accountId: number, email: string) {
  const answer = await callApi(
    staffKey,
    `/admin/accounts/${accountId}/people?limit=${LIST_LIMIT_MAX}`,
  );
  expect(answer.status).toBe(200);
  const found = (await answer.json()) as { id: number; email: string; deactivatedAt: unknown }[];
  return found.find((person) => person.email === email);
}

/** The session cookie a browser context holds, if any. */
export const sessionCookieOf = async (context: BrowserContext) =>
  (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);

/** What `GET /v1/session` answers to a cookie, from outside the browser. */
export const sessionStatus = async (value: string) =>
  (
    await fetch(`${baseUrl}/v1/session`, {
      headers: { ...forwardedFor(), cookie: `${SESSION_COOKIE}=${value}` },
    })
  ).status;

/** Waits for the API to refuse a session (every instance does within 5 seconds). */
export async function refusedWithin5s(value: string): Promise<number> {
  let status = await sessionStatus(value);
  for (let i = 0; i < 25 && status === 200; i++) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    status = await sessionStatus(value);
  }
  return status;
}
