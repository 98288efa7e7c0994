/**
 * The single sign-on routes (docs/staff/sign-in.md): the ways to sign in, the start that sends the
 * browser to the company's provider, and the callback it comes back to, each a `303` for the browser
 * with the cookies it carries.
 */
import { Controller, Inject, Req, Res } from '@nestjs/common';
import {
  SINGLE_SIGN_ON_COOKIE,
  SINGLE_SIGN_ON_TTL_MS,
  type SignInMethods,
  type SingleSignOnFailure,
} from '@pets/contract';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Operation } from '../../gate/operation.decorator.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';
import { clientOf, setSessionCookie } from '../sessions/session.controller.js';
import { SingleSignOnService } from './single-sign-on.service.js';

/**
 * The cookie's attributes: `__Host-` (Secure, Path=/, no Domain), and `SameSite=Lax` so that the
 * provider's top-level redirect back brings it.
 */
const COOKIE = { path: '/', httpOnly: true, secure: true, sameSite: 'lax' } as const;

/** Where the admin app shows the sign-in page and the pages after it. */
const SIGN_IN_PAGE = '/admin/sign-in';
const SIGNED_IN_PAGE = '/admin/';

/** Single sign-on with the company's OpenID Connect provider (beta). */
@Controller()
export class SingleSignOnController {
  constructor(
    private readonly singleSignOn: SingleSignOnService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Operation('getSignInMethods')
  methods(): SignInMethods {
    return this.singleSignOn.methods();
  }

  @Operation('startSingleSignOn')
  async start(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const started = await this.singleSignOn.start();
    if ('failure' in started) {
      this.redirect(reply, this.failed(request, started.failure));
      return;
    }
    void reply.header(
      'set-cookie',
      stringifySetCookie({
        name: SINGLE_SIGN_ON_COOKIE,
        value: started.cookie,
        maxAge: SINGLE_SIGN_ON_TTL_MS / 1000,
        ...COOKIE,
      }),
    );
    this.redirect(reply, started.location);
  }

  @Operation('finishSingleSignOn')
  async finish(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const cookie = parseCookie(request.headers.cookie ?? '')[SINGLE_SIGN_ON_COOKIE];
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?') + 1) : '';
    const outcome = await this.singleSignOn.finish(cookie, search, clientOf(request));
    // Whatever came of it, the sign-in under way is over.
    void reply.header(
      'set-cookie',
      stringifySetCookie({
        name: SINGLE_SIGN_ON_COOKIE,
        value: '',
        maxAge: 0,
        ...COOKIE,
        expires: new Date(0),
      }),
    );
    if (outcome.failure !== undefined) {
      this.redirect(reply, this.failed(request, outcome.failure));
      return;
    }
    setSessionCookie(reply, outcome.session);
    this.redirect(reply, `${this.origin(request)}${SIGNED_IN_PAGE}`);
  }

  /** The sign-in page, saying why. */
  private failed(request: FastifyRequest, failure: SingleSignOnFailure): string {
    return `${this.origin(request)}${SIGN_IN_PAGE}?sso_error=${failure}`;
  }

  /** The admin app's origin: PUBLIC_URL's (single sign-on requires it). */
  private origin(request: FastifyRequest): string {
    return new URL(this.config.publicUrl ?? request.baseUrl).origin;
  }

  /** A `303` for the browser: the next address, nothing to cache. */
  private redirect(reply: FastifyReply, location: string): void {
    void reply.header('Cache-Control', 'no-store');
    void reply.header('Location', location);
  }
}
