import { lazy, Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { SignInPage } from '../features/auth/components/sign-in-page.js';
import { useSession } from '../lib/session.js';
import { Layout } from './layout.js';
import { NotFoundRoute } from './routes/not-found.js';

const PetsRoute = lazy(() =>
  import('./routes/pets.js').then(({ PetsRoute }) => ({ default: PetsRoute })),
);
const ActivityRoute = lazy(() =>
  import('./routes/activity.js').then(({ ActivityRoute }) => ({ default: ActivityRoute })),
);
const AccountsRoute = lazy(() =>
  import('./routes/accounts.js').then(({ AccountsRoute }) => ({ default: AccountsRoute })),
);
const KeysRoute = lazy(() =>
  import('./routes/keys.js').then(({ KeysRoute }) => ({ default: KeysRoute })),
);

/** Where to go after signing in: the page that sent the person to sign in, never off the app. */
const returnToOf = (state: unknown): string => {
  const returnTo =
    typeof state === 'object' && state !== null && 'returnTo' in state ? state.returnTo : undefined;
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : '/pets';
};

function SignInRoute() {
  const { apiKey } = useSession();
  const state = useHistoryState<unknown>();
  return apiKey === null ? <SignInPage /> : <Redirect to={returnToOf(state)} replace />;
}

function SignedInRoutes() {
  const { apiKey } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (apiKey === null) {
    const returnTo = search ? `${location}?${search}` : location;
    return <Redirect to="/sign-in" replace state={{ returnTo }} />;
  }
  return (
    <Layout>
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <Switch>
          <Route path="/pets">
            <PetsRoute />
          </Route>
          <Route path="/keys">
            <KeysRoute />
          </Route>
          <Route path="/accounts" nest>
            <AccountsRoute />
          </Route>
          <Route path="/activity">
            <ActivityRoute />
          </Route>
          <Route>
            <NotFoundRoute />
          </Route>
        </Switch>
      </Suspense>
    </Layout>
  );
}

export function AppRouter() {
  return (
    <Router base="/admin">
      <Switch>
        <Route path="/">
          <Redirect to="/pets" replace />
        </Route>
        <Route path="/sign-in">
          <SignInRoute />
        </Route>
        <Route>
          <SignedInRoutes />
        </Route>
      </Switch>
    </Router>
  );
}
