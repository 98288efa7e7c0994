/**
 * Signing in without a password (docs/staff/sign-in.md): the ways in the sign-in page
 * offers, a company's OpenID Connect provider, and passkeys (WebAuthn).
 */
import { z } from 'zod';
import { displayText, expected, TEXT_RULE_DESCRIPTION } from './text.schema.js';

const positiveId = (description: string) =>
  z.int().min(1).max(Number.MAX_SAFE_INTEGER).meta({ format: 'int64', description });
const instant = (description: string) => z.iso.datetime().meta({ description });

/** The cookie that ties a single sign-on under way to the browser that started it. */
export const SINGLE_SIGN_ON_COOKIE = '__Host-pets_sso';
/** A single sign-on must come back from the provider within this long. */
export const SINGLE_SIGN_ON_TTL_MS = 10 * 60 * 1_000;
/** A passkey challenge is good for this long, and once. */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1_000;
/** A person has at most this many passkeys. */
export const PASSKEYS_MAX = 20;

export const SignInMethods = z
  .strictObject({
    singleSignOn: z
      .strictObject({
        name: z.string().meta({
          description: 'What people call the identity provider, as the button says it.',
        }),
        start: z.string().meta({
          description: 'Where the browser goes to sign in with it: `/v1/session/oidc`.',
        }),
      })
      .nullable()
      .meta({ description: 'The company identity provider, or `null` when none is configured.' }),
    passkeys: z.boolean().meta({ description: 'Whether people can sign in with a passkey.' }),
  })
  .meta({ id: 'SignInMethods', description: 'The ways to sign in besides email and password.' });
export type SignInMethods = z.infer<typeof SignInMethods>;

/**
 * Why a single sign-on ended on the sign-in page: the `sso_error` the callback sends the browser
 * back with, and the sentence the sign-in page shows for it.
 */
export const SINGLE_SIGN_ON_FAILURES = {
  expired:
    'The sign-in with your company took too long or was started in another browser. Try again.',
  provider_refused:
    'Your company’s sign-in did not let you in. Try again, or ask your administrator.',
  email_not_verified:
    'Your company’s sign-in did not confirm your email address, so it cannot sign you in here.',
  domain_not_allowed:
    'Your email address is not in a company domain allowed here. Ask someone on your team for an invitation.',
  other_account:
    'Your company’s sign-in is only for your company’s own account here. Sign in with your email and password.',
  deactivated: 'Your access here has been removed. Ask staff if you think this is wrong.',
  unavailable: 'Your company’s sign-in cannot be reached right now. Try again in a minute.',
} as const;
export type SingleSignOnFailure = keyof typeof SINGLE_SIGN_ON_FAILURES;
export const SingleSignOnFailure = z
  .enum(Object.keys(SINGLE_SIGN_ON_FAILURES) as [SingleSignOnFailure, ...SingleSignOnFailure[]])
  .meta({ id: 'SingleSignOnFailure', description: 'Why a single sign-on did not sign in.' });

/** What the provider sends the browser back with: a code and state, or an error. */
export const SingleSignOnCallbackQuery = z
  .looseObject({
    code: z.string().optional().meta({ description: 'The authorization code.' }),
    state: z.string().optional().meta({ description: 'The state this API sent.' }),
    error: z.string().optional().meta({ description: "The provider's error code." }),
    iss: z.string().optional().meta({ description: 'The issuer (RFC 9207).' }),
  })
  .meta({ description: "The provider's answer, as its redirect carries it." });

export const PasskeyName = displayText({ max: 60, allowEmpty: false }).meta({
  description: `What the person calls the passkey (its device or password manager), 1 to 60 characters. ${TEXT_RULE_DESCRIPTION}`,
});

export const Passkey = z
  .strictObject({
    id: positiveId('Identifier of the passkey (not its credential id).'),
    name: z.string(),
    createdAt: instant('When it was added.'),
    lastUsedAt: instant('When it last signed in; `null` if never.').nullable(),
  })
  .meta({ id: 'Passkey', description: 'A passkey the person signs in with.' });
export type Passkey = z.infer<typeof Passkey>;

export const Passkeys = z
  .array(Passkey)
  .meta({ id: 'Passkeys', description: 'A page of passkeys, in ascending `id`.' });

/** The longest credential id WebAuthn allows (Level 3, 6.1: at most 1023 bytes). */
export const CREDENTIAL_ID_MAX_BYTES = 1023;
/** Characters of base64url (no padding) for `bytes` bytes. */
export const base64urlLength = (bytes: number): number => Math.ceil((bytes * 4) / 3);
/**
 * A credential id in base64url: 1364 characters at most, so the `id` and `rawId` of a credential
 * (the same id twice) take under a sixth of the 16 KiB a body may have.
 */
export const CREDENTIAL_ID_MAX_LENGTH = base64urlLength(CREDENTIAL_ID_MAX_BYTES);
/** The longest challenge the options may carry. */
const CHALLENGE_MAX_LENGTH = 16_384;

const base64url = (description: string, max: number) =>
  z
    .string({ error: expected('a base64url string') })
    .regex(/^[A-Za-z0-9_-]+$/, { error: expected('a base64url string') })
    .max(max, { error: `must be at most ${max} characters` })
    .meta({ description });

/**
 * WebAuthn's options as JSON (`PublicKeyCredentialCreationOptionsJSON` or
 * `PublicKeyCredentialRequestOptionsJSON`): what the browser's `navigator.credentials` is given.
 */
export const PasskeyOptions = z
  .looseObject({
    challenge: base64url('The challenge, good once for 5 minutes.', CHALLENGE_MAX_LENGTH),
  })
  .meta({
    id: 'PasskeyOptions',
    description:
      "WebAuthn's options in their JSON form (W3C WebAuthn Level 3, `PublicKeyCredentialCreationOptionsJSON` or `PublicKeyCredentialRequestOptionsJSON`), to hand to the browser as they are.",
  });
export type PasskeyOptions = z.infer<typeof PasskeyOptions>;

/** The browser's answer (`PublicKeyCredential.toJSON()`): checked in full by the API. */
export const PasskeyCredential = z
  .looseObject(
    {
      id: base64url('The credential id.', CREDENTIAL_ID_MAX_LENGTH),
      rawId: base64url('The credential id again.', CREDENTIAL_ID_MAX_LENGTH),
      type: z.literal('public-key', { error: expected('"public-key"') }),
      response: z.looseObject({}, { error: expected('a JSON object') }),
    },
    { error: expected('a JSON object') },
  )
  .meta({
    id: 'PasskeyCredential',
    description:
      "The browser's `PublicKeyCredential`, as its `toJSON()` gives it (W3C WebAuthn Level 3).",
  });

export const NewPasskey = z
  .strictObject(
    { name: PasskeyName, credential: PasskeyCredential },
    { error: expected('a JSON object') },
  )
  .meta({ id: 'NewPasskey', description: 'The passkey the browser made, and its name.' });
export type NewPasskey = z.output<typeof NewPasskey>;

export const PasskeySignIn = z
  .strictObject({ credential: PasskeyCredential }, { error: expected('a JSON object') })
  .meta({ id: 'PasskeySignIn', description: 'The browser’s answer to the sign-in challenge.' });
export type PasskeySignIn = z.output<typeof PasskeySignIn>;
