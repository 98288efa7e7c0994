/**
 * The security headers of every answer (helmet's, with the API's own content security policy),
 * worked out once at start.
 */
import helmet from 'helmet';

/** The policy for the API's own answers; the reference and admin pages set theirs. */
const HELMET_OPTIONS = {
  contentSecurityPolicy: {
    directives: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'"],
      'img-src': ["'self'", 'data:'],
      'connect-src': ["'self'"],
      'frame-ancestors': ["'none'"],
      'upgrade-insecure-requests': null,
    },
  },
  crossOriginResourcePolicy: { policy: 'same-site' as const },
  // Browsers that know only the older header are told the same as `frame-ancestors 'none'`:
  // no page, not even our own, may frame ours (helmet's default, SAMEORIGIN, would allow our own).
  xFrameOptions: { action: 'deny' as const },
};

/** They depend on nothing in the request: each answer gets one set, not helmet's middleware again. */
export function securityHeaders(): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      // In lower case, as Fastify keeps them: it need not make them so again for every answer.
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      Reflect.deleteProperty(headers, name.toLowerCase());
    },
  };
  let failure: unknown;
  helmet(HELMET_OPTIONS)({} as never, response as never, (error?: unknown) => {
    failure = error;
  });
  if (failure !== undefined) {
    throw failure instanceof Error ? failure : new Error('helmet could not work out the headers');
  }
  return Object.freeze(headers);
}
