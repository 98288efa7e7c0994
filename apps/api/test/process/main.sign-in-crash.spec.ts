/**
 * kill -9 of the built server after, and while, people add passkeys, sign in with them and remove
 * them, remove their password, and join by single sign-on (docs/staff/sign-in.md); then a
 * restart on the same database. What each answer acknowledged is there exactly once
 * (`SignInLedger.check`: passkeys listed once by name, the removed ones gone and refused, sessions
 * that work, counters kept, the password gone, the people single sign-on made there once and the
 * same person when they come again, one audit event each), and what got no answer is there whole or
 * not at all.
 */
import {
  createAccountKey,
  keysCli,
  type OidcProviderServer,
  startOidcProvider,
} from '@pets/services';
import { describe, expect, it } from 'vitest';
import { CrashRun, UNLIMITED } from '../processes.js';
import { PUBLIC_URL, SignInLedger, SSO_CALLBACK } from '../sign-in-ledger.js';
import { ENGINES, freshDatabaseUrl } from '../test-app.js';
import { phase } from '../write-ledger.js';

describe.each(ENGINES)(
  'passkeys and single sign-on before and during a kill -9, on %s',
  (engine) => {
    it('every acknowledged passkey, sign-in, removal and person made is there once after the restart', async () => {
      const database = await freshDatabaseUrl(engine);
      const base = { NODE_ENV: 'test', DATABASE_URL: database.url };
      const { key: staffKey } = createAccountKey(base, {
        name: 'Staff',
        role: 'staff',
        ...UNLIMITED,
      });
      // The account people of acme.example join by single sign-on: there before the API starts.
      const acme = keysCli(
        base,
        ...['accounts', 'create', '--name', 'Acme', '--plan', 'enterprise'],
        ...['--per-minute', String(UNLIMITED.perMinute), '--per-day', String(UNLIMITED.perDay)],
      );
      const acmeId = Number(acme['id']);
      let provider: OidcProviderServer | undefined;
      const run = new CrashRun(database);
      try {
        provider = await startOidcProvider({ redirectUris: [SSO_CALLBACK] });
        const env = {
          ...base,
          PUBLIC_URL,
          // Sign-ins come from many addresses (X-Forwarded-For), each under its own limits.
          TRUST_PROXY: '127.0.0.1',
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_ALLOWED_DOMAINS: 'acme.example',
          OIDC_ACCOUNT_ID: String(acmeId),
        };
        await run.start(env);
        // The streams have ended before the restart: what the ledger sends after it goes to the new one.
        const ledger = new SignInLedger(() => run.baseUrl, staffKey, provider);
        const other = await fetch(`${run.baseUrl}/v1/admin/accounts`, {
          method: 'POST',
          headers: { authorization: `Bearer ${staffKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ name: 'Other', plan: 'pro', role: 'partner' }),
        });
        expect(other.status).toBe(201);
        const otherId = ((await other.json()) as { id: number }).id;

        // Before the fault, each acknowledged: passkeys added, one used to sign in and one removed,
        // a password removed, a new person of the allowed domain and an invited one by single sign-on.
        const pia = await ledger.join(acmeId, 'pia');
        for (const name of ['Laptop', 'Phone', 'Spare key'])
          expect(await ledger.addPasskey(pia, name)).toBe(true);
        const [laptop, , spare] = pia.passkeys;
        expect(await ledger.signInWith(pia, laptop!)).toBeDefined();
        expect(await ledger.removePasskey(pia, spare!)).toBe(true);
        const pat = await ledger.join(acmeId, 'pat');
        expect(await ledger.addPasskey(pat, 'Security key')).toBe(true);
        expect(await ledger.removePassword(pat)).toBe(true);
        const nia = await ledger.joinBySingleSignOn(
          'nia',
          { email: 'nia@acme.example', name: 'Nia New' },
          acmeId,
        );
        expect(nia?.joined).toBe('acknowledged');
        // Single sign-on takes only invitations to its own account.
        const ivyToken = await ledger.invite(acmeId, 'ivy@elsewhere.example');
        const ivy = await ledger.joinBySingleSignOn(
          'ivy',
          { email: 'ivy@elsewhere.example', name: 'Ivy' },
          acmeId,
          ivyToken,
        );
        expect(ivy?.joined).toBe('acknowledged');

        // The fault: passkey sign-ins, passkeys added and removed, and new people by single sign-on,
        // each stream going when the process dies.
        const signers = [
          await ledger.join(acmeId, 'signer-1'),
          await ledger.join(acmeId, 'signer-2'),
        ];
        for (const signer of signers)
          expect(await ledger.addPasskey(signer, 'Signer key')).toBe(true);
        const changer = await ledger.join(acmeId, 'changer');
        const before = ledger.counts;
        const { halt } = run;
        run.load(
          ...signers.map((signer) => ledger.passkeySignIns(signer, signer.passkeys[0]!, halt)),
          ledger.passkeySignIns(pia, laptop!, halt),
          ledger.passkeyChanges(changer, halt),
          ledger.singleSignOnJoins('acme.example', acmeId, halt),
        );
        const busy = await phase(() => {
          const counts = ledger.counts;
          return (
            counts.passkeySignIns - before.passkeySignIns >= 15 &&
            counts.added - before.added >= 6 &&
            counts.removed - before.removed >= 3 &&
            counts.ssoJoined - before.ssoJoined >= 3 &&
            ledger.inFlight('signIn') &&
            (ledger.inFlight('add') || ledger.inFlight('remove'))
          );
        }, 20_000);
        // Sign-ins and a passkey change on their way: the kill lands before, during or after a commit.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
        await run.kill();
        expect(busy, `acknowledged before the kill: ${JSON.stringify(ledger.counts)}`).toBe(true);

        await run.restart();
        await ledger.check([acmeId, otherId]);
      } finally {
        await run.end();
        await provider?.stop();
      }
    }, 180_000);
  },
);
