import type { PetstoreClient } from '@pets/client';
import { cleanup, render } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, vi } from 'vitest';
import { Router } from 'wouter';
import { App } from '../app/app.js';
import { AppProvider } from '../app/provider.js';
import { API_KEY_STORAGE_KEY } from '../lib/session.js';

export const TEST_API_KEY = 'pets_live_K1_secret';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

interface Options {
  /** The address the page opens at. */
  url?: string;
  /** The signed-in key, or null to start signed out. */
  apiKey?: string | null;
}

function prepare(client: PetstoreClient, { url = '/admin/pets', apiKey = TEST_API_KEY }: Options) {
  sessionStorage.clear();
  localStorage.clear();
  if (apiKey !== null) sessionStorage.setItem(API_KEY_STORAGE_KEY, apiKey);
  window.history.replaceState(null, '', url);
  return vi.fn((_apiKey: string) => client);
}

/** One page or component, with the app's providers and router around it. */
export function renderWithApp(ui: ReactNode, client: PetstoreClient, options: Options = {}) {
  const createClient = prepare(client, options);
  const user = userEvent.setup();
  const view = render(
    <AppProvider createClient={createClient}>
      <Router base="/admin">{ui}</Router>
    </AppProvider>,
  );
  return { ...view, user, createClient };
}

/** The whole app, as main.tsx renders it, with a fake API. */
export function renderApp(client: PetstoreClient, options: Options = {}) {
  const createClient = prepare(client, options);
  const user = userEvent.setup();
  return { ...render(<App createClient={createClient} />), user, createClient };
}
