/**
 * A software WebAuthn authenticator for tests (docs/staff/sign-in.md): EC P-256 keys from node:crypto,
 * attestation `none`, flags UP|UV (and AT when it makes a credential), ES256 signatures, and a
 * counter per credential; with switches to answer as a wrong origin, a wrong RP ID, a bad
 * signature or an older counter would. Its answers are what a browser's `PublicKeyCredential.toJSON()` gives.
 */
import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

/** A tiny CBOR encoder: what attestation objects and COSE keys use (RFC 8949). */
function cbor(value: unknown): Buffer {
  const head = (major: number, length: number): Buffer => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
    if (length < 0x10000) {
      const b = Buffer.alloc(3);
      b[0] = (major << 5) | 25;
      b.writeUInt16BE(length, 1);
      return b;
    }
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(length, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (value instanceof Map) {
    const parts = [head(5, value.size)];
    for (const [key, item] of value) parts.push(cbor(key), cbor(item));
    return Buffer.concat(parts);
  }
  throw new Error(`cbor: cannot encode ${typeof value}`);
}

const b64url = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  counter: number;
  userHandle: string;
  rpId: string;
}

/** A credential as the browser's `PublicKeyCredential.toJSON()` gives it. */
export interface CredentialJSON {
  [field: string]: unknown;
  id: string;
  rawId: string;
  type: 'public-key';
  response: Record<string, unknown>;
  clientExtensionResults: Record<string, unknown>;
  authenticatorAttachment: 'platform';
}

/** How an answer departs from a good one, for the tests of refusals. */
export interface Twist {
  origin?: string;
  rpId?: string;
  /** Sign something else. */
  badSignature?: boolean;
  /** Answer with this counter instead of the next. */
  counter?: number;
  /** Leave out user verification. */
  noUserVerification?: boolean;
  /** Answer this challenge instead of the options'. */
  challenge?: string;
}

/** The creation or request options as the API gives them (the parts read here). */
interface Options {
  challenge: string;
  rp?: { id?: string };
  rpId?: string;
  user?: { id: string };
}

export class SoftAuthenticator {
  private readonly credentials = new Map<string, Credential>();

  /** `origin`: the page the browser would be on, e.g. `http://localhost`. */
  constructor(readonly origin: string) {}

  /** The credential ids this authenticator holds, newest last. */
  get ids(): string[] {
    return [...this.credentials.keys()];
  }

  /** Makes a credential for `navigator.credentials.create()`'s options: the browser's JSON. */
  create(options: Options, twist: Twist = {}): CredentialJSON {
    const rpId = twist.rpId ?? options.rp?.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<number, unknown>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(String(jwk.x), 'base64url')],
        [-3, Buffer.from(String(jwk.y), 'base64url')],
      ]),
    );
    const id = randomBytes(32);
    const counter = twist.counter ?? 0;
    const length = Buffer.alloc(2);
    length.writeUInt16BE(id.length);
    const authData = Buffer.concat([
      this.authData(rpId, (twist.noUserVerification ? UP : UP | UV) | AT, counter),
      Buffer.alloc(16), // AAGUID: none
      length,
      id,
      cose,
    ]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, twist);
    this.credentials.set(b64url(id), {
      id,
      privateKey,
      counter,
      userHandle: options.user?.id ?? '',
      rpId,
    });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(
          cbor(
            new Map<string, unknown>([
              ['fmt', 'none'],
              ['attStmt', new Map()],
              ['authData', authData],
            ]),
          ),
        ),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /**
   * Answers `navigator.credentials.get()`'s options with a credential (the newest by default):
   * the browser's JSON, its counter one more than the last.
   */
  get(options: Options, twist: Twist & { credentialId?: string } = {}): CredentialJSON {
    const id = twist.credentialId ?? this.ids.at(-1);
    const credential = id === undefined ? undefined : this.credentials.get(id);
    if (!credential) throw new Error('the authenticator holds no such credential');
    credential.counter = twist.counter ?? credential.counter + 1;
    const rpId = twist.rpId ?? options.rpId ?? credential.rpId;
    const authData = this.authData(
      rpId,
      twist.noUserVerification ? UP : UP | UV,
      credential.counter,
    );
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, twist);
    const signed = Buffer.concat([authData, sha256(clientDataJSON)]);
    const signature = sign(
      'sha256',
      twist.badSignature ? Buffer.concat([signed, Buffer.from([0])]) : signed,
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** A credential this authenticator never made, for the same options. */
  forget(id: string): void {
    this.credentials.delete(id);
  }

  private authData(rpId: string, flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count]);
  }

  private clientData(type: string, challenge: string, twist: Twist): Buffer {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: twist.challenge ?? challenge,
        origin: twist.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }
}
