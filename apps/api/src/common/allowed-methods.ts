/**
 * Which methods each path of the API takes, from the contract's operations table: a request no
 * route serves is a 405 with `Allow` when only its method is wrong, otherwise a 404.
 */
import { HEADERS, OPERATIONS, PROBLEMS } from '@pets/contract';
import { ApiException } from './api-exception.js';

/** A path of the API (`/v1/pets/{petId}`) as a pattern, with the methods its operations take. */
interface PathMethods {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
}

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every path of the operations table with its methods, worked out once. A GET path takes HEAD too
 * (Fastify answers HEAD for every GET route). A trailing slash is the same path, as for the router.
 */
const PATHS: readonly PathMethods[] = (() => {
  const byPath = new Map<string, Set<string>>();
  for (const operation of Object.values(OPERATIONS)) {
    const methods = byPath.get(operation.path) ?? new Set<string>();
    methods.add(operation.method);
    if (operation.method === 'GET') methods.add('HEAD');
    byPath.set(operation.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^/v1${path
        .split(/\{\w+\}/)
        .map(escape)
        .join('[^/]+')}/?$`,
    ),
    methods: [...methods].sort(),
  }));
})();

/** The methods the API takes on a path, or `undefined` when it has no such path. */
export function methodsOf(path: string): readonly string[] | undefined {
  for (const { pattern, methods } of PATHS) if (pattern.test(path)) return methods;
  return undefined;
}

/**
 * A request no route serves: `405 method_not_allowed` with `Allow` when the path is the API's and
 * only the method is not (RFC 9110 15.5.6), otherwise `404 not_found`.
 */
export function unmatchedRoute(request: { method: string; url: string }): ApiException {
  // Stryker disable next-line StringLiteral: split() always returns a first element; `?? ''` is for the type checker.
  const path = request.url.split('?')[0] ?? '';
  const methods = methodsOf(path);
  if (methods === undefined || methods.includes(request.method))
    return ApiException.of(PROBLEMS.noRoute(request.method, path));
  return ApiException.of(PROBLEMS.methodNotAllowed(request.method, path, methods), undefined, {
    [HEADERS.allow]: methods.join(', '),
  });
}
