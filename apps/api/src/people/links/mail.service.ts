/**
 * E-mailing one-time links to their person (docs/staff/sign-in.md): invitations and password
 * resets through the mail server of `SMTP_URL`, so that only the person ever holds the link.
 * Without `SMTP_URL` (development) nothing is sent and the links are shown once instead.
 */
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { HEADERS, PROBLEMS } from '@pets/contract';
import nodemailer from 'nodemailer';
import { ApiException } from '../../errors/api-exception.js';
import { APP_CONFIG, type AppConfig } from '../../config/config.js';

const PRODUCT = 'Pet Store';
/** How long a request waits for the mail server at most, each step (connect, greet, each reply). */
const SMTP_TIMEOUT_MS = 10_000;
/** When to retry after the mail server did not take an email. */
const RETRY_AFTER_SECONDS = 60;

/** One email: a subject, paragraphs of plain text, and the link if it has one (its own line). */
export interface Mail {
  to: string;
  subject: string;
  before: string[];
  link?: string;
  after: string[];
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** "21 November 2026, 12:00 UTC". */
export const mailDate = (iso: string): string => {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `${day}, ${date.toISOString().slice(11, 16)} UTC`;
};

/**
 * An invitation to join an account, for its person: a link to choose a name and a password, or,
 * for an email of single sign-on (`provider`), the sign-in page, where they join by signing in
 * with the provider (the invitation's secret is then not needed, and not sent).
 */
export function invitationMail(m: {
  to: string;
  account: string;
  inviter: string;
  link: string;
  expiresAt: string;
  provider?: string;
}): Mail {
  return {
    to: m.to,
    subject: `${m.inviter} invited you to ${m.account} on ${PRODUCT}`,
    before: [
      `${m.inviter} invited you to join ${m.account} on ${PRODUCT}.`,
      m.provider === undefined
        ? `Open this link to choose your name and password. It works once, until ${mailDate(m.expiresAt)}:`
        : `Open this page and choose "Sign in with ${m.provider}" to join, until ${mailDate(m.expiresAt)}:`,
    ],
    link: m.link,
    after: [
      'If you did not expect this email, ignore it: nothing happens unless the link is opened.',
    ],
  };
}

/** An invitation for an email that already has a person: nothing to accept, they sign in. */
export function alreadyJoinedMail(m: { to: string; account: string; inviter: string }): Mail {
  return {
    to: m.to,
    subject: `${m.inviter} invited you to ${m.account} on ${PRODUCT}`,
    before: [
      `${m.inviter} invited you to join ${m.account} on ${PRODUCT}, but ${m.to} can already sign in to ${PRODUCT}, so there is nothing to accept.`,
      'Sign in as you do. If you forgot your password, ask staff for a link to choose a new one.',
    ],
    after: [],
  };
}

export function resetMail(m: {
  to: string;
  account: string;
  link: string;
  expiresAt: string;
}): Mail {
  return {
    to: m.to,
    subject: `Choose a new password for ${PRODUCT}`,
    before: [
      `Staff made a link for you to choose a new password for ${m.to} (${m.account}) on ${PRODUCT}.`,
      `It works once, until ${mailDate(m.expiresAt)}; every session you have ends when you use it:`,
    ],
    link: m.link,
    after: [
      'If you did not ask for it, ignore this email: your password stays as it is unless the link is opened.',
    ],
  };
}

/**
 * The mail server of `SMTP_URL`, connected to for each email (invitations are rare) and never
 * longer than {@link SMTP_TIMEOUT_MS} a step. A failure to send is `503` with `Retry-After`: what
 * was stored stays (a link nobody was sent, so nobody can use), and the caller makes another. The
 * log names the recipient's domain and the mail server's error, never the link.
 */
@Injectable()
export class MailService implements OnModuleDestroy {
  private readonly logger = new Logger(MailService.name);
  private readonly transport;
  private readonly from: string | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.from = config.mail?.from;
    this.transport =
      config.mail &&
      nodemailer.createTransport({
        url: config.mail.smtpUrl,
        connectionTimeout: SMTP_TIMEOUT_MS,
        greetingTimeout: SMTP_TIMEOUT_MS,
        socketTimeout: SMTP_TIMEOUT_MS,
      });
  }

  /** Whether links are e-mailed (`SMTP_URL` is set) rather than shown. */
  get enabled(): boolean {
    return this.transport !== undefined;
  }

  /** Sends one email; `503` (with `Retry-After`) when the mail server does not take it. */
  async send(mail: Mail): Promise<void> {
    if (!this.transport) throw new Error('SMTP_URL is not set: nothing can be e-mailed');
    const paragraphs = [...mail.before, ...(mail.link ? [mail.link] : []), ...mail.after];
    const html = [
      ...mail.before.map((p) => `<p>${escapeHtml(p)}</p>`),
      ...(mail.link
        ? [`<p><a href="${escapeHtml(mail.link)}">${escapeHtml(mail.link)}</a></p>`]
        : []),
      ...mail.after.map((p) => `<p>${escapeHtml(p)}</p>`),
    ].join('\n');
    try {
      await this.transport.sendMail({
        from: this.from,
        to: mail.to,
        subject: mail.subject,
        text: `${paragraphs.join('\n\n')}\n`,
        html: `<!doctype html>\n<html><body>\n${html}\n</body></html>\n`,
      });
    } catch (error) {
      const domain = mail.to.slice(mail.to.lastIndexOf('@') + 1);
      const { code = '', responseCode = '' } = error as {
        code?: string;
        responseCode?: number;
      };
      // The server's words may quote the message: any address in them is left out.
      const words = (error instanceof Error ? error.message : String(error)).replace(
        /[a-z][a-z0-9+.-]*:\/\/\S*/gi,
        '<address>',
      );
      this.logger.error(
        `an email to a person of ${domain} could not be sent: ${code} ${String(responseCode)} ${words}`,
      );
      throw ApiException.of(PROBLEMS.mailUnavailable, undefined, {
        [HEADERS.retryAfter]: String(RETRY_AFTER_SECONDS),
      });
    }
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}
