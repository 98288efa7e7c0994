/** Header names of the contract, spelled as they are sent. */
export const HEADERS = {
  authorization: 'Authorization',
  wwwAuthenticate: 'WWW-Authenticate',
  requestId: 'X-Request-Id',
  idempotencyKey: 'Idempotency-Key',
  location: 'Location',
  link: 'Link',
  retryAfter: 'Retry-After',
  rateLimitLimit: 'X-RateLimit-Limit',
  rateLimitRemaining: 'X-RateLimit-Remaining',
  rateLimitReset: 'X-RateLimit-Reset',
  rateLimit: 'RateLimit',
  rateLimitPolicy: 'RateLimit-Policy',
  deprecation: 'Deprecation',
  sunset: 'Sunset',
  allow: 'Allow',
  contentEncoding: 'Content-Encoding',
} as const;

/** Headers a browser client may read across origins (CORS `Access-Control-Expose-Headers`). */
export const EXPOSED_HEADERS = [
  HEADERS.requestId,
  HEADERS.location,
  HEADERS.link,
  HEADERS.retryAfter,
  HEADERS.rateLimitLimit,
  HEADERS.rateLimitRemaining,
  HEADERS.rateLimitReset,
  HEADERS.rateLimit,
  HEADERS.rateLimitPolicy,
  HEADERS.deprecation,
  HEADERS.sunset,
  HEADERS.allow,
] as const;

export const API_KEY_PREFIX = { live: 'pets_live_', test: 'pets_test_' } as const;
