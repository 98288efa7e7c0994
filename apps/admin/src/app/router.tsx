/**
 * The admin's pages and their addresses under /admin: the sign-in and one-time link pages for
 * anyone, the others once the API says who is signed in, each page loaded when first opened.
 */
import { lazy, Suspense } from 'react';
import { Redirect, Route, Router, Switch, useLocation, useSearch } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ErrorMessage } from '../components/error-message.js';
import { RateLimitNotice } from '../components/rate-limit-notice.js';
import { PageHeading } from '../components/ui/page-heading.js';
import { useSession } from '../lib/session.js';
import { Layout } from './layout.js';
import { NotFoundRoute } from './routes/not-found.js';

// Every page loads beside the client (and zod, which both use), keeping the entry chunk small.
const SignInPage = lazy(() =>
  import('../features/auth/components/sign-in-page.js').then(({ SignInPage }) => ({
    default: SignInPage,
  })),
);
const AcceptInvitationPage = lazy(() =>
  import('../features/auth/components/accept-invitation-page.js').then(
    ({ AcceptInvitationPage }) => ({ default: AcceptInvitationPage }),
  ),
);
const SetPasswordPage = lazy(() =>
  import('../features/auth/components/set-password-page.js').then(({ SetPasswordPage }) => ({
    default: SetPasswordPage,
  })),
);
const HomeRoute = lazy(() =>
  import('./routes/home.js').then(({ HomeRoute }) => ({ default: HomeRoute })),
);
const PetsRoute = lazy(() =>
  import('./routes/pets.js').then(({ PetsRoute }) => ({ default: PetsRoute })),
);
const PetRoute = lazy(() =>
  import('./routes/pet.js').then(({ PetRoute }) => ({ default: PetRoute })),
);
const CategoriesRoute = lazy(() =>
  import('./routes/categories.js').then(({ CategoriesRoute }) => ({ default: CategoriesRoute })),
);
const OrdersRoute = lazy(() =>
  import('./routes/orders.js').then(({ OrdersRoute }) => ({ default: OrdersRoute })),
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
const WebhooksRoute = lazy(() =>
  import('./routes/webhooks.js').then(({ WebhooksRoute }) => ({ default: WebhooksRoute })),
);
const AccountRoute = lazy(() =>
  import('./routes/account.js').then(({ AccountRoute }) => ({ default: AccountRoute })),
);

/**
 * Where to go after signing in: the page that sent the person to sign in, never off the app; else
 * home (staff's home page, the pets for partners).
 */
const returnToOf = (state: unknown): string => {
  const returnTo =
    typeof state === 'object' && state !== null && 'returnTo' in state ? state.returnTo : undefined;
  return typeof returnTo === 'string' && /^\/(?![/\\])/.test(returnTo) ? returnTo : '/';
};

/** While the API is asked who is signed in, or when asking failed (then with Retry). */
function SessionUnknown() {
  const { error, retry } = useSession();
  if (!error) return <p className="loading">Loading…</p>;
  return (
    <main id="main" className="sign-in">
      <PageHeading>Pet store admin</PageHeading>
      <div aria-live="polite">
        <RateLimitNotice />
      </div>
      <ErrorMessage error={error} onRetry={retry} />
    </main>
  );
}

function SignInRoute() {
  const { current } = useSession();
  const state = useHistoryState<unknown>();
  if (current === undefined) return <SessionUnknown />;
  return current === null ? <SignInPage /> : <Redirect to={returnToOf(state)} replace />;
}

function SignedInRoutes() {
  const { current } = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (current === undefined) return <SessionUnknown />;
  if (current === null) {
    const returnTo = search ? `${location}?${search}` : location;
    return <Redirect to="/sign-in" replace state={{ returnTo }} />;
  }
  return (
    <Layout>
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <Switch>
          <Route path="/">
            <HomeRoute />
          </Route>
          <Route path="/pets">
            <PetsRoute />
          </Route>
          <Route path="/pets/:id">
            <PetRoute />
          </Route>
          <Route path="/categories">
            <CategoriesRoute />
          </Route>
          <Route path="/orders">
            <OrdersRoute />
          </Route>
          <Route path="/keys">
            <KeysRoute />
          </Route>
          <Route path="/webhooks">
            <WebhooksRoute />
          </Route>
          <Route path="/accounts" nest>
            <AccountsRoute />
          </Route>
          <Route path="/activity">
            <ActivityRoute />
          </Route>
          <Route path="/account">
            <AccountRoute />
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
      <Suspense fallback={<p className="loading">Loading…</p>}>
        <Switch>
          <Route path="/sign-in">
            <SignInRoute />
          </Route>
          {/* One-time links: whoever is signed in here or not, the link's person is next. */}
          <Route path="/welcome">
            <AcceptInvitationPage />
          </Route>
          <Route path="/set-password">
            <SetPasswordPage />
          </Route>
          <Route>
            <SignedInRoutes />
          </Route>
        </Switch>
      </Suspense>
    </Router>
  );
}
