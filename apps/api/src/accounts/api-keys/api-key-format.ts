/**
 * What an API key looks like: made from 256 random bits with a live or test prefix, stored only as
 * its SHA-256, and which kind an instance accepts by NODE_ENV (docs/partners/authentication.md).
 */
import { hash, randomInt } from 'node:crypto';
import { API_KEY_PREFIX } from '@pets/contract';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
/** 43 base-62 characters carry 256 random bits (at least 160 are required). */
const SECRET_LENGTH = 43;
const DISPLAY_CHARACTERS = 6;
const KEY_SHAPE = /^pets_(live|test)_[A-Za-z0-9]{43}$/;
const LIVE_KEY_SHAPE = /^pets_live_[A-Za-z0-9]{43}$/;

export type KeyEnvironment = keyof typeof API_KEY_PREFIX;

export interface GeneratedKey {
  /** The key itself: shown once, never stored. */
  key: string;
  hash: string;
  /** What people see to tell keys apart, e.g. `pets_test_Ab12Cd…`. */
  prefix: string;
}

/** SHA-256 in hex, in one call (no Hash object per request). */
export const hashKey = (key: string): string => hash('sha256', key, 'hex');

/**
 * In production only live keys (a test key, made outside production, never opens production
 * data), elsewhere both. Checked before any lookup, so malformed keys cost nothing.
 */
export function acceptsKey(env: 'development' | 'production' | 'test'): (key: string) => boolean {
  const shape = env === 'production' ? LIVE_KEY_SHAPE : KEY_SHAPE;
  return (key) => shape.test(key);
}

/** Which key the CLI and the API make, by `NODE_ENV`: live keys in production only. */
export const keyEnvironmentFor = (env: 'development' | 'production' | 'test'): KeyEnvironment =>
  env === 'production' ? 'live' : 'test';

export function generateKey(environment: KeyEnvironment): GeneratedKey {
  let secret = '';
  for (let i = 0; i < SECRET_LENGTH; i++) secret += ALPHABET.charAt(randomInt(ALPHABET.length));
  const key = `${API_KEY_PREFIX[environment]}${secret}`;
  return {
    key,
    hash: hashKey(key),
    prefix: `${API_KEY_PREFIX[environment]}${secret.slice(0, DISPLAY_CHARACTERS)}`,
  };
}
