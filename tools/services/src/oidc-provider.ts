/**
 * A real OpenID Connect provider for tests of single sign-on (`oidc-provider`, the certified
 * implementation), on a free loopback port: one confidential client, PKCE required, the people it
 * signs in taken from a table the test controls, and a way through its sign-in page over plain HTTP.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { KoaContextWithOIDC } from 'oidc-provider';

/** What the provider says of a person: the ID token's claims besides `sub`. */
export interface OidcUser {
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OidcProviderOptions {
  /** The client's redirect addresses: `{PUBLIC_URL}/v1/session/oidc/callback`. */
  redirectUris: string[];
  clientId?: string;
  clientSecret?: string;
  /** A port of its own choosing (an issuer configured before the provider runs); else any free one. */
  port?: number;
}

export interface OidcProviderServer {
  /** `http://127.0.0.1:<port>`: what OIDC_ISSUER is set to. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The people it signs in, by the login typed on its sign-in page; change it at will. */
  users: Map<string, OidcUser>;
  /**
   * Goes through the provider's sign-in as a browser would, from the authorization address the API
   * sent the browser to: signs in as `login` (or, with `deny`, aborts as the person would), and
   * resolves with the address the provider sends the browser back to (the API's callback).
   */
  authorize(authorizationUrl: string, login: string, options?: { deny?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

/** Keeps cookies by name for one origin, as a browser would for the provider. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * Starts the provider on 127.0.0.1 and a free port. Its sign-in page is `oidc-provider`'s
 * development one (any password); consent is given once signed in, as a company's provider does
 * for its own applications.
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProviderServer> {
  const clientId = options.clientId ?? 'pets-admin';
  const clientSecret = options.clientSecret ?? randomBytes(24).toString('base64url');
  const users = new Map<string, OidcUser>();
  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server = createServer((request, response) => {
    handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  // Loaded here, not with @pets/services: only the tests of single sign-on pay for it (and its
  // warnings on Node 20, which it runs on, though it asks for 22).
  const { default: Provider } = await import('oidc-provider');
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    // The claims in the ID token itself (as Keycloak, Entra ID and Google put them), not only at
    // the userinfo endpoint.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    findAccount: (_ctx: KoaContextWithOIDC, sub: string) => {
      const user = users.get(sub);
      if (!user) return undefined;
      return { accountId: sub, claims: () => ({ sub, ...user }) };
    },
    // Consent is implied: a company's provider lets its people into the company's applications.
    loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({
        clientId: client.clientId,
        accountId: session.accountId,
      });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  handle = (request, response) => {
    void callback(request, response);
  };

  /** One request to the provider with the jar's cookies; redirects are followed by the caller. */
  const step = async (jar: CookieJar, url: string, init: RequestInit = {}) => {
    const response = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
    });
    jar.take(response);
    await response.arrayBuffer();
    return response;
  };
  const isCallback = (url: string) =>
    options.redirectUris.some((redirect) => url.startsWith(`${redirect}?`));

  return {
    issuer,
    clientId,
    clientSecret,
    users,
    async authorize(authorizationUrl, login, { deny = false } = {}) {
      const jar = new CookieJar();
      let url = authorizationUrl;
      for (let hops = 0; hops < 10; hops++) {
        const response = await step(jar, url);
        const location = response.headers.get('location');
        if (location === null)
          throw new Error(`The provider answered ${response.status} at ${url}, not a redirect`);
        url = new URL(location, url).href;
        if (isCallback(url)) return url;
        const interaction = /\/interaction\/([^/?]+)$/.exec(new URL(url).pathname);
        if (!interaction) continue;
        await step(jar, url);
        const done = deny
          ? await step(jar, `${url}/abort`)
          : await step(jar, url, {
              method: 'POST',
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
            });
        const next = done.headers.get('location');
        if (next === null) throw new Error(`The provider's sign-in answered ${done.status}`);
        url = new URL(next, url).href;
        if (isCallback(url)) return url;
      }
      throw new Error('The provider never sent the browser back');
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
}
