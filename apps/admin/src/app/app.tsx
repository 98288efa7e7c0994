/** The admin app's root: its providers around the router. */
import type { CreateClient } from '../lib/client.js';
import './app.css';
import { AppProvider } from './provider.js';
import { AppRouter } from './router.js';

/** The admin app, for people signed in. `createClient` is for tests; the app makes the real client. */
export function App({ createClient }: { createClient?: CreateClient }) {
  return (
    <AppProvider createClient={createClient}>
      <AppRouter />
    </AppProvider>
  );
}
