import type { CreateClient } from '../lib/client.js';
import './app.css';
import { AppProvider } from './provider.js';
import { AppRouter } from './router.js';

/** The staff admin. `createClient` is for tests; the app makes real clients from the stored key. */
export function App({ createClient }: { createClient?: CreateClient }) {
  return (
    <AppProvider createClient={createClient}>
      <AppRouter />
    </AppProvider>
  );
}
