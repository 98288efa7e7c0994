/** How unit tests render a page or the whole app with a fake API. */
import type { CurrentSession, PetstoreClient } from '@pets/client';
import { cleanup, configure, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { Router } from 'wouter';
import { App } from '../app/app.js';
import { AppProvider } from '../app/provider.js';
import { type FakeClient, result, sessionEnded, signedInOn } from './fake-client.js';

// A page's code is loaded when it is first opened (lazy routes): on a machine busy with other
// suites that can take more than Testing Library's default second to appear.
configure({ asyncUtilTimeout: 5_000 });

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Options {
  /** The address the page opens at. */
  url?: string;
  /**
   * Who the API says is signed in (`GET /v1/session`), or null for no one (its 401). Left out,
   * the fake client's (see `signInAs`; Ann of a partner's account unless the test changed it).
   */
  session?: CurrentSession | null;
  /** The browser history's state at that address (what a page left there before Back). */
  state?: unknown;
}

function prepare(client: FakeClient, { url = '/admin/pets', session, state = null }: Options) {
  sessionStorage.clear();
  localStorage.clear();
  if (session === null) client.session.getCurrentSession.mockRejectedValue(sessionEnded());
  else if (session) client.session.getCurrentSession.mockResolvedValue(result(session));
  window.history.replaceState(state, '', url);
  return vi.fn((): PetstoreClient => client);
}

/**
 * One page or component, with the app's providers and router around it, rendered as the router
 * renders it: once the API has said who is signed in.
 */
export function renderWithApp(ui: ReactNode, client: FakeClient, options: Options = {}) {
  const createClient = prepare(client, options);
  const known =
    options.session === undefined ? signedInOn(client) : options.session && result(options.session);
  const user = userEvent.setup();
  const view = render(
    <AppProvider createClient={createClient} session={known}>
      <Router base="/admin">{ui}</Router>
    </AppProvider>,
  );
  return { ...view, user, createClient };
}

/** The whole app, as main.tsx renders it, with a fake API: it asks who is signed in first. */
export function renderApp(client: FakeClient, options: Options = {}) {
  const createClient = prepare(client, options);
  const user = userEvent.setup();
  return { ...render(<App createClient={createClient} />), user, createClient };
}
