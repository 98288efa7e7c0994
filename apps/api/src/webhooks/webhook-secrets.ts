/**
 * Webhook signing secrets: made as Standard Webhooks writes them (`whsec_` and the base64 of 32
 * random bytes), and kept encrypted at rest. They sign deliveries, so unlike API keys they cannot be
 * hashed: each is sealed with AES-256-GCM under a key derived from `WEBHOOK_SECRETS_KEY`, so that a
 * copy of the database (a backup, a replica) without that key gives none of them.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_PREFIX } from '@pets/contract';

/** Random bytes of a secret (Standard Webhooks takes 24 to 64). */
const SECRET_BYTES = 32;
/** Characters of the secret's base64 shown in `secretPrefix`, after `whsec_`. */
const PREFIX_CHARACTERS = 4;

/** The version of the sealed form: a later key or cipher gets another. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A new secret, with the characters that tell it apart (`whsec_ab12`). */
export function generateSecret(): { secret: string; prefix: string } {
  const encoded = randomBytes(SECRET_BYTES).toString('base64');
  return {
    secret: `${WEBHOOK_SECRET_PREFIX}${encoded}`,
    prefix: `${WEBHOOK_SECRET_PREFIX}${encoded.slice(0, PREFIX_CHARACTERS)}`,
  };
}

/** Seals and opens secrets under one configured key. */
export class SecretBox {
  private readonly key: Buffer;

  /** `passphrase`: `WEBHOOK_SECRETS_KEY`, any text of 32 characters or more. */
  constructor(passphrase: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', passphrase, 'petstore', 'webhook signing secrets v1', 32),
    );
  }

  /** `v1.` and the base64 of a fresh IV, the ciphertext and its tag. */
  seal(secret: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return `${VERSION}.${Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64')}`;
  }

  /** The secret; throws when the text was not sealed under this key (or was altered). */
  open(sealed: string): string {
    const [version, body, ...rest] = sealed.split('.');
    if (version !== VERSION || body === undefined || rest.length > 0)
      throw new Error('not a sealed webhook secret');
    const bytes = Buffer.from(body, 'base64');
    if (bytes.length <= IV_BYTES + TAG_BYTES) throw new Error('not a sealed webhook secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([
      decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
      decipher.final(),
    ]).toString('utf8');
  }
}
