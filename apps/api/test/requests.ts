/**
 * Requests to the app in a test, as a caller sends them: `t.as(key).get('/v1/pets')`,
 * `.post(url, body)` with the body as JSON, and a list read to its end by following its
 * `Link: <…>; rel="next"` headers.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Headers = Record<string, string>;
export type Answer = LightMyRequestResponse;

/**
 * Who sends: an API key (as `Authorization: Bearer`), headers sent as they are (a session's
 * cookie, say), or no one.
 */
export type Sender = string | Headers | undefined;

/** Requests from one sender; `headers` are added last, over the sender's and the body's. */
export interface Requests {
  get(url: string, headers?: Headers): Promise<Answer>;
  delete(url: string, headers?: Headers): Promise<Answer>;
  /** `body`, unless undefined, goes as JSON. */
  post(url: string, body?: unknown, headers?: Headers): Promise<Answer>;
  put(url: string, body?: unknown, headers?: Headers): Promise<Answer>;
  patch(url: string, body?: unknown, headers?: Headers): Promise<Answer>;
  send(method: Method, url: string, body?: unknown, headers?: Headers): Promise<Answer>;
}

/** What `app.inject` is on the Nest app (the sender's requests need nothing more). */
export interface Injectable {
  inject(options: InjectOptions): PromiseLike<Answer>;
}

/** The header that sends `key`: `{ authorization: 'Bearer …' }`. */
export const bearer = (key: string): Headers => ({ authorization: `Bearer ${key}` });

/** Requests to `app` from `sender`. */
export function requestsTo(app: Injectable, sender?: Sender): Requests {
  const from: Headers =
    sender === undefined ? {} : typeof sender === 'string' ? bearer(sender) : sender;
  const send = async (method: Method, url: string, body?: unknown, headers: Headers = {}) =>
    app.inject({
      method,
      url,
      headers: {
        ...from,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
  return {
    get: (url, headers) => send('GET', url, undefined, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body, headers),
    put: (url, body, headers) => send('PUT', url, body, headers),
    patch: (url, body, headers) => send('PATCH', url, body, headers),
    send,
  };
}

/** The absolute URL a `Link: <…>; rel="next"` header names, or undefined (none: the last page). */
export function nextOf(link: unknown): URL | undefined {
  const target = typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;
  return target === undefined ? undefined : new URL(target);
}

/** The absolute URL in an answer's `Link: <…>; rel="next"`, or undefined (a list's last page). */
export function nextLink(answer: { headers: Record<string, unknown> }): URL | undefined {
  return nextOf(answer.headers['link']);
}

/** The path and query of the next page, as a request asks for it, or undefined on the last page. */
export function nextPath(answer: { headers: Record<string, unknown> }): string | undefined {
  const next = nextLink(answer);
  return next && `${next.pathname}${next.search}`;
}

/**
 * Every item of a list, from `first` to its last page by `Link: rel="next"`, read with `get`
 * (which may change app or sender between pages); every page must answer 200.
 */
export async function followLinks<T>(
  get: (url: string) => PromiseLike<Answer>,
  first: string,
): Promise<T[]> {
  const seen: T[] = [];
  for (let url: string | undefined = first; url !== undefined;) {
    const page = await get(url);
    expect(page.statusCode, page.body).toBe(200);
    seen.push(...page.json<T[]>());
    url = nextPath(page);
  }
  return seen;
}

/** The next page's path and query, which the answer must have. */
export function expectNextPath(answer: Answer): string {
  const path = nextPath(answer);
  expect(path, `a Link: rel="next" in ${String(answer.headers['link'])}`).toBeDefined();
  return path ?? '';
}

/**
 * Every item of a list from a started server, from the absolute URL `first` to its last page by
 * `Link: rel="next"`, each page fetched with `headers`; every page must answer 200.
 */
export async function fetchAll<T>(first: string, headers: Headers): Promise<T[]> {
  const items: T[] = [];
  for (let url: string | undefined = first; url !== undefined;) {
    const response = await fetch(url, { headers });
    expect(response.status, url).toBe(200);
    items.push(...((await response.json()) as T[]));
    url = nextOf(response.headers.get('link'))?.href;
  }
  return items;
}

/** A problem as the contract writes one: its code, message and status, and any other fields. */
export interface Problem {
  code: string;
  message: string;
  status: number;
  [field: string]: unknown;
}

/** The answer is `problem`: its status code is the problem's status and its body is exactly it. */
export function expectProblem(answer: Answer, problem: Problem): void {
  expect({ status: answer.statusCode, body: answer.json<unknown>() }).toEqual({
    status: problem.status,
    body: problem,
  });
}
