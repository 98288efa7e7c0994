import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { RateLimitMeter } from '../components/rate-limit-meter.js';
import { RateLimitNotice } from '../components/rate-limit-notice.js';
import { useAccount } from '../lib/get-account.js';
import { useSession } from '../lib/session.js';

function NavLink({ href, children }: { href: string; children: ReactNode }) {
  // The section's own pages too: Accounts stays marked on /accounts/4.
  const [active] = useRoute(`${href}/*?`);
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
    </Link>
  );
}

export function Layout({ children }: { children: ReactNode }) {
  const { signOut } = useSession();
  const account = useAccount().data?.data;
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
              <li>
                <NavLink href="/pets">Pets</NavLink>
              </li>
              <li>
                <NavLink href="/keys">API keys</NavLink>
              </li>
              {account?.role === 'staff' ? (
                <>
                  <li>
                    <NavLink href="/accounts">Accounts</NavLink>
                  </li>
                  <li>
                    <NavLink href="/activity">Activity</NavLink>
                  </li>
                </>
              ) : null}
            </ul>
          </nav>
          <div className="top-bar-end">
            <RateLimitMeter />
            <p className="account">
              {account ? (
                <>
                  <span className="visually-hidden">Signed in as </span>
                  <strong>{account.name}</strong>
                  <span className="plan"> · {account.plan} plan</span>
                </>
              ) : null}
            </p>
            <button
              type="button"
              className="secondary"
              onClick={() => {
                signOut();
              }}
            >
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        <div aria-live="polite">
          <RateLimitNotice plan={account?.plan} />
        </div>
        {children}
      </main>
    </>
  );
}
