/**
 * People sign in; API keys are for programs (docs/staff/sign-in.md). A person belongs to one account and
 * may do what its role allows.
 */
import { z } from 'zod';
import { Account } from './account.schema.js';
import { codePointLength, displayText, expected, TEXT_RULE_DESCRIPTION } from './text.schema.js';

/** The longest email address SMTP carries (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** 12 to 256 characters, no composition rules (docs/staff/sign-in.md). */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Sessions end after this long without use, and this long after sign-in (docs/staff/sign-in.md). */
export const SESSION_IDLE_MS = 30 * 60 * 1_000;
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1_000;
/** The cookie that carries the session. `__Host-`: only over HTTPS, for this host, for every path. */
export const SESSION_COOKIE = '__Host-pets_session';
/** Failed sign-ins one email may have in {@link SIGN_IN_FAILURE_WINDOW_MS} before `429`. */
export const SIGN_IN_FAILURES_MAX = 10;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1_000;

const positiveId = (description: string) =>
  z.int().min(1).max(Number.MAX_SAFE_INTEGER).meta({ format: 'int64', description });
const instant = (description: string) => z.iso.datetime().meta({ description });

/** An address as browsers check `<input type="email">` (HTML's rule: `admin@localhost` is one). */
export const Email = z
  .email({ pattern: z.regexes.html5Email, error: expected('an email address') })
  .max(EMAIL_MAX_LENGTH, { error: `must be at most ${EMAIL_MAX_LENGTH} characters` })
  .meta({
    description: `An email address, at most ${EMAIL_MAX_LENGTH} characters; compared without regard to case.`,
  });

/**
 * A password as sent to sign in: any text up to the longest a password may be. Whether it is a
 * good password is for choosing one, not for signing in.
 */
export const Password = z
  .string({ error: expected('a string') })
  .min(1, { error: 'is required' })
  .refine((value) => codePointLength(value) <= PASSWORD_MAX_LENGTH, {
    error: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
  })
  .meta({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH, description: 'The password.' });

export const SignIn = z
  .strictObject({ email: Email, password: Password }, { error: expected('a JSON object') })
  .meta({ id: 'SignIn', description: 'An email address and its password.' });
export type SignIn = z.output<typeof SignIn>;

export const PersonName = displayText({ max: 100, allowEmpty: false }).meta({
  description: `The person's name, 1 to 100 characters. ${TEXT_RULE_DESCRIPTION}`,
});

export const Person = z
  .strictObject({
    id: positiveId('Identifier of the person.'),
    accountId: positiveId('The account the person belongs to.'),
    email: z.string().meta({ description: 'Their email address, in lower case.' }),
    name: z.string(),
    createdAt: instant('When the person joined.'),
    deactivatedAt: instant('When the person was deactivated; `null` while active.').nullable(),
  })
  .meta({ id: 'Person', description: 'A person who signs in to an account.' });
export type Person = z.infer<typeof Person>;

export const CurrentSession = z
  .strictObject({
    person: Person,
    account: Account.meta({ description: 'Their account: its role is what they may do.' }),
    hasPassword: z.boolean().meta({
      description:
        'Whether they have a password (a person who signs in only with passkeys or single sign-on has none).',
    }),
    startedAt: instant('When the person signed in.'),
    expiresAt: instant(
      'When the session ends at the latest (12 hours after sign-in); it ends earlier after 30 minutes without use.',
    ),
  })
  .meta({ id: 'CurrentSession', description: 'Who is signed in, to which account, until when.' });
export type CurrentSession = z.infer<typeof CurrentSession>;

/** An invitation is good for this long, a password-reset link for this long (docs/staff/sign-in.md). */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1_000;
export const RESET_LINK_TTL_MS = 60 * 60 * 1_000;

/**
 * A password someone chooses: 12 to 256 characters, no composition rules. The API also refuses
 * one of the most common passwords (its list is too long to ship to every client), white space
 * alone, control characters, and the person's email, its part before `@` or their name.
 */
export const NewPassword = z
  .string({ error: expected('a string') })
  .refine((value) => codePointLength(value.normalize('NFKC')) >= PASSWORD_MIN_LENGTH, {
    error: `must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .refine((value) => codePointLength(value.normalize('NFKC')) <= PASSWORD_MAX_LENGTH, {
    error: `must be at most ${PASSWORD_MAX_LENGTH} characters`,
  })
  .meta({
    minLength: PASSWORD_MIN_LENGTH,
    maxLength: PASSWORD_MAX_LENGTH,
    description: `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, no composition rules; not one of the most common passwords, not only white space, no control characters, and not containing the person's email, the part of it before @ (4 characters or more) or their name (4 or more).`,
  });

/** A one-time link's secret, as the link carries it after `#`. */
export const LinkToken = z
  .string({ error: expected('a string') })
  .regex(/^[A-Za-z0-9_-]{43}$/, { error: 'is not a link this API made' })
  .meta({ description: 'The secret of the one-time link: what follows `#` in it.' });

export const NewInvitation = z
  .strictObject({ email: Email }, { error: expected('a JSON object') })
  .meta({ id: 'NewInvitation', description: 'Whom to invite.' });
export type NewInvitation = z.output<typeof NewInvitation>;

/**
 * How a one-time link reached its person (docs/staff/sign-in.md): e-mailed to them where the API
 * has a mail server (the answer then has no link: only the person ever holds it), or shown this
 * once to whoever made it (development, without SMTP_URL).
 */
const delivered = (made: string) =>
  [
    {
      delivery: z.literal('email').meta({ description: 'The link was e-mailed to the person.' }),
      sentTo: z.string().meta({ description: 'The address it was sent to.' }),
    },
    {
      delivery: z
        .literal('shown')
        .meta({ description: 'No mail server is configured: the link is in this answer.' }),
      link: z.url().meta({
        description: `The one-time link ${made}, shown this once to hand to the person: only its hash is stored.`,
      }),
    },
  ] as const;

const invitationFields = {
  id: positiveId('Identifier of the invitation.'),
  accountId: positiveId('The account the person will join.'),
  email: z.string().meta({ description: 'The email address it was made for.' }),
  expiresAt: instant('When the link stops working (7 days after it was made).'),
};
const [invitationSent, invitationShown] = delivered('to accept the invitation');
export const Invitation = z
  .discriminatedUnion('delivery', [
    z.strictObject({ ...invitationFields, ...invitationSent }),
    z.strictObject({ ...invitationFields, ...invitationShown }),
  ])
  .meta({
    id: 'Invitation',
    description:
      'An invitation to join an account: e-mailed to the person (`delivery: email`, no link), or, without a mail server, with its link (`delivery: shown`). The answer is the same whether or not the email already has a person.',
    examples: [
      {
        id: 42,
        accountId: 7,
        email: 'ann@acme.example',
        expiresAt: '2026-11-28T12:00:00.000Z',
        delivery: 'email',
        sentTo: 'ann@acme.example',
      },
      {
        id: 43,
        accountId: 7,
        email: 'bob@acme.example',
        expiresAt: '2026-11-28T12:00:00.000Z',
        delivery: 'shown',
        link: `http://localhost:3000/admin/welcome#${'x'.repeat(43)}`,
      },
    ],
  });
export type Invitation = z.infer<typeof Invitation>;

export const OpenInvitation = z
  .strictObject({
    id: positiveId('Identifier of the invitation.'),
    accountId: positiveId('The account the person will join.'),
    email: z.string().meta({ description: 'The email address it was made for.' }),
    createdAt: instant('When it was made.'),
    expiresAt: instant('When the link stops working.'),
    createdByPersonId: positiveId(
      'The person who made it; `null` for a key or the command-line tool.',
    ).nullable(),
  })
  .meta({
    id: 'OpenInvitation',
    description: 'An invitation not yet accepted, revoked or past its time; never its link.',
  });
export type OpenInvitation = z.infer<typeof OpenInvitation>;

export const OpenInvitations = z
  .array(OpenInvitation)
  .meta({ id: 'OpenInvitations', description: 'A page of open invitations, in ascending `id`.' });

export const AcceptInvitation = z
  .strictObject(
    { token: LinkToken, name: PersonName, password: NewPassword },
    { error: expected('a JSON object') },
  )
  .meta({
    id: 'AcceptInvitation',
    description: "The invitation's secret, and the name and password the person chooses.",
  });
export type AcceptInvitation = z.output<typeof AcceptInvitation>;

const resetFields = {
  personId: positiveId('The person whose password the link sets.'),
  expiresAt: instant('When the link stops working (an hour after it was made).'),
};
const [resetSent, resetShown] = delivered('to choose a new password');
export const PasswordResetLink = z
  .discriminatedUnion('delivery', [
    z.strictObject({ ...resetFields, ...resetSent }),
    z.strictObject({ ...resetFields, ...resetShown }),
  ])
  .meta({
    id: 'PasswordResetLink',
    description:
      'A one-time link to choose a new password: e-mailed to the person (`delivery: email`, no link), or, without a mail server, in this answer (`delivery: shown`).',
    examples: [
      {
        personId: 12,
        expiresAt: '2026-11-21T13:00:00.000Z',
        delivery: 'email',
        sentTo: 'ann@acme.example',
      },
      {
        personId: 12,
        expiresAt: '2026-11-21T13:00:00.000Z',
        delivery: 'shown',
        link: `http://localhost:3000/admin/set-password#${'x'.repeat(43)}`,
      },
    ],
  });
export type PasswordResetLink = z.infer<typeof PasswordResetLink>;

export const ResetPassword = z
  .strictObject({ token: LinkToken, password: NewPassword }, { error: expected('a JSON object') })
  .meta({
    id: 'ResetPassword',
    description: "The link's secret, and the new password the person chooses.",
  });
export type ResetPassword = z.output<typeof ResetPassword>;

export const People = z
  .array(Person)
  .meta({ id: 'People', description: 'A page of people, in ascending `id`.' });

export const Session = z
  .strictObject({
    id: positiveId('Identifier of the session (not its secret, which only the cookie holds).'),
    device: z.string().meta({ description: 'What the browser said it is (its User-Agent).' }),
    address: z.string().meta({ description: 'The client address it signed in from.' }),
    startedAt: instant('When it signed in.'),
    lastUsedAt: instant('When it was last used, to within a minute.'),
    current: z.boolean().meta({ description: 'Whether this is the session of this request.' }),
  })
  .meta({
    id: 'Session',
    description: "One of the signed-in person's sessions that has not ended.",
  });
export type Session = z.infer<typeof Session>;

export const Sessions = z
  .array(Session)
  .meta({ id: 'Sessions', description: 'A page of sessions, in ascending `id`.' });

export const ChangePassword = z
  .strictObject(
    { currentPassword: Password, newPassword: NewPassword },
    { error: expected('a JSON object') },
  )
  .meta({
    id: 'ChangePassword',
    description: 'The password now, and the new one.',
  });
export type ChangePassword = z.output<typeof ChangePassword>;

export const RemovePassword = z
  .strictObject({ currentPassword: Password }, { error: expected('a JSON object') })
  .meta({
    id: 'RemovePassword',
    description: 'The password now, which is to be removed.',
  });
export type RemovePassword = z.output<typeof RemovePassword>;
