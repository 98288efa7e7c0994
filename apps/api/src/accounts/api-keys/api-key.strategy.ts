/** Authentication by API key: reads the `Bearer` key of the Authorization header for Passport. */
import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { type Problem, PROBLEMS } from '@pets/contract';
import passport from 'passport';
import { ApiKeysService } from './api-keys.service.js';

/** `Bearer`, case-insensitive, then exactly one space and one key with no white space in it. */
const BEARER_SCHEME = /^bearer(\s|$)/i;
const BEARER_KEY = /^bearer (\S+)$/i;

/** Where a request stands with its `Authorization` header alone. */
export function readAuthorization(
  header: string | undefined,
): { refused: Problem } | { key: string } {
  if (header === undefined || !BEARER_SCHEME.test(header))
    return { refused: PROBLEMS.missingApiKey };
  const key = BEARER_KEY.exec(header)?.[1];
  return key === undefined ? { refused: PROBLEMS.invalidApiKey } : { key };
}

let registered = 0;

/**
 * Passport's strategy for our API keys. It reads the `Authorization` header and nothing else (never
 * a token in the body or the query string), and it alone decides between the two refusals: no
 * header, or one of another scheme, is `missing_api_key`; a `Bearer` header that does not carry
 * exactly one live key is `invalid_api_key` (the failure's challenge is the contract's problem).
 *
 * Passport keeps strategies in a process-wide registry; each app registers its own instance under a
 * name of its own (and removes it when it closes), so several apps in one process each check their
 * own keys.
 */
@Injectable()
export class ApiKeyStrategy extends passport.Strategy implements OnApplicationShutdown {
  override readonly name = `api-key-${++registered}`;

  constructor(private readonly apiKeys: ApiKeysService) {
    super();
    passport.use(this);
  }

  /** Called by passport on an object made from this one, with success, fail and error added. */
  override authenticate(request: { headers: { authorization?: string } }): void {
    const read = readAuthorization(request.headers.authorization);
    if ('refused' in read) {
      this.fail(read.refused, 401);
      return;
    }
    this.apiKeys.authenticate(read.key).then(
      (principal) => {
        if (principal) this.success(principal);
        else this.fail(PROBLEMS.invalidApiKey, 401);
      },
      // Whatever the lookup threw: the guard turns it into a logged 500.
      (error: unknown) => {
        this.error(error);
      },
    );
  }

  /** After the server has closed: requests still in flight at shutdown are authenticated. */
  onApplicationShutdown(): void {
    passport.unuse(this.name);
  }
}
