/**
 * The frame of every signed-in page: the navigation for the person's role, who is signed in, the
 * rate limit, and Sign out.
 */
import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { RateLimitMeter } from '../components/rate-limit-meter.js';
import { RateLimitNotice } from '../components/rate-limit-notice.js';
import { useSignOut } from '../features/auth/api/sign-out.js';
import { describeError, isUnauthorized } from '../lib/errors.js';
import { useSignedIn } from '../lib/session.js';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  // The section's own pages too: Accounts stays marked on /accounts/4 (Home only on itself).
  const [active] = useRoute(href === '/' ? '/' : `${href}/*?`);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

/** The account, named once: "Staff" rather than "Staff, staff" when its name is its role. */
export const accountLabel = ({ name, role }: { name: string; role: string }): string =>
  name.trim().toLowerCase() === role ? name : `${name}, ${role}`;

/** The signed-in pages' frame: navigation by role, who is signed in, and signing out. */
export function Layout({ children }: { children: ReactNode }) {
  const { person, account } = useSignedIn();
  const signOut = useSignOut();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="top-bar">
        <div className="top-bar-inner">
          <p className="brand">Pet store admin</p>
          <nav aria-label="Main">
            <ul>
              {account.role === 'staff' ? (
                <li>
                  <NavLink href="/">Home</NavLink>
                </li>
              ) : null}
              <li>
                <NavLink href="/pets">Pets</NavLink>
              </li>
              {account.role === 'staff' ? (
                <li>
                  <NavLink href="/categories">Categories</NavLink>
                </li>
              ) : null}
              <li>
                <NavLink href="/orders">Orders</NavLink>
              </li>
              <li>
                <NavLink href="/keys">API keys</NavLink>
              </li>
              <li>
                <NavLink href="/webhooks">Webhooks</NavLink>
              </li>
              {account.role === 'staff' ? (
                <>
                  <li>
                    <NavLink href="/accounts">Accounts</NavLink>
                  </li>
                  <li>
                    <NavLink href="/activity">Activity</NavLink>
                  </li>
                </>
              ) : null}
              <li>
                <NavLink href="/account">Your account</NavLink>
              </li>
            </ul>
          </nav>
          <div className="top-bar-end">
            <RateLimitMeter />
            <p className="account">
              <span className="visually-hidden">Signed in as </span>
              <strong>{person.name}</strong> <span className="email">({person.email})</span>
              <span className="role"> · {accountLabel(account)}</span>
            </p>
            <button
              type="button"
              className="secondary"
              disabled={signOut.isPending}
              onClick={() => {
                signOut.mutate();
              }}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <div aria-live="polite">
          {signOut.isError && !isUnauthorized(signOut.error) ? (
            <p className="error">Could not sign out. {describeError(signOut.error)}</p>
          ) : null}
          <RateLimitNotice plan={account.plan} />
        </div>
        {children}
      </main>
    </>
  );
}
