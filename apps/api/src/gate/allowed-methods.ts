/**
 * Which methods each path of the API takes, from the contract's operations table: a request no
 * route serves is a 405 with `Allow` when only its method is wrong, otherwise a 404.
 */
import { HEADERS, type Operation, OPERATIONS, PROBLEMS } from '@pets/contract';
import { ApiException } from '../errors/api-exception.js';

/** A path of the API (`/v1/pets/{petId}`) as a pattern, with the methods its operations take. */
interface PathMethods {
  readonly pattern: RegExp;
  readonly methods: readonly string[];
}

const escape = (text: string) => text.replaceAll(/[.*+?^${}()|[\]\\]/g, '\\$&');

const PARAMETER = /^\{(\w+)\}$/;
const segmentsOf = (path: string) => path.split('/').slice(1);

/**
 * The literal segments that stand where a path has a parameter, in the table's other paths with
 * the same segments before it: `options` for `/session/passkeys/{passkeyId}`, from
 * `/session/passkeys/options`.
 */
function literalSiblings(segments: readonly string[], at: number): string[] {
  const siblings = new Set<string>();
  for (const { path } of Object.values(OPERATIONS) as Operation[]) {
    const other = segmentsOf(path);
    const literal = other[at];
    if (literal === undefined || PARAMETER.test(literal)) continue;
    if (other.slice(0, at).every((segment, i) => segment === segments[i])) siblings.add(literal);
  }
  return [...siblings].sort();
}

/**
 * An operation's route for the router (`/v1/pets/:petId`). A parameter never takes a literal
 * segment another path has in its place: `DELETE /v1/session/passkeys/options` is not the removal
 * of a passkey called `options` (the router would take it so, having no `DELETE` for the literal
 * path) but `405` with `Allow: POST`, as the fallback answers it.
 */
export function routeOf(operation: Operation): string {
  const segments = segmentsOf(operation.path);
  const route = segments.map((segment, at) => {
    const name = PARAMETER.exec(segment)?.[1];
    if (name === undefined) return segment;
    const siblings = literalSiblings(segments, at);
    return siblings.length === 0
      ? `:${name}`
      : `:${name}(^(?!${siblings.map((sibling) => `${escape(sibling)}$`).join('|')})[^/]+$)`;
  });
  return `/v1/${route.join('/')}`;
}

/**
 * Whether path `a` comes before path `b`: segment by segment, a literal before a parameter (as the
 * router picks them when both match a request), two literals in their text's order. A total order,
 * so the sort keeps `/session/passkeys/options` before `/session/passkeys/{passkeyId}` whatever
 * other paths the table has (an order that called unrelated paths equal was not one).
 */
function bySpecificity(a: string, b: string): number {
  const left = segmentsOf(a);
  const right = segmentsOf(b);
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    const [l = '', r = ''] = [left[i], right[i]];
    const order = Number(PARAMETER.test(l)) - Number(PARAMETER.test(r));
    if (order !== 0) return order;
    if (!PARAMETER.test(l) && l !== r) return l < r ? -1 : 1;
  }
  return left.length - right.length;
}

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
  // A literal path before the path with a parameter in its place: `/session/passkeys/options`
  // answers for itself, never as a passkey's id.
  return [...byPath]
    .sort(([a], [b]) => bySpecificity(a, b))
    .map(([path, methods]) => ({
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

/** Each operation's route for the router, and the pattern it is logged and counted under. */
const LABELS = new Map(
  (Object.values(OPERATIONS) as Operation[]).map((operation) => [
    routeOf(operation),
    `/v1${operation.path.replaceAll(/\{(\w+)\}/g, ':$1')}`,
  ]),
);

/**
 * The pattern a request's route is logged and counted under (`/v1/pets/:petId`): without the
 * router's guard against a literal sibling (`:petId(^(?!batch$)…)`), so that logs and metrics keep
 * their labels whatever paths the table gains. Routes outside the table are as they are.
 */
export const routeLabel = (route: string | undefined): string | undefined =>
  route === undefined ? undefined : (LABELS.get(route) ?? route);
