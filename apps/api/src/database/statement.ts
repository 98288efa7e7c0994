/**
 * Statements written once for both engines with the typed query builder, compiled to each engine's
 * SQL and run as prepared statements with named values.
 */
import {
  type Compilable,
  type RawBuilder,
  DummyDriver,
  Kysely,
  type OperationNode,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SelectQueryNode,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { Tables } from './tables.js';

export type Engine = 'sqlite' | 'postgres';

/** Kysely as a query builder only: it writes the SQL of each engine, and never connects. */
function builderFor(engine: Engine): Kysely<Tables> {
  const sqlite = engine === 'sqlite';
  return new Kysely<Tables>({
    dialect: {
      createAdapter: () => (sqlite ? new SqliteAdapter() : new PostgresAdapter()),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) =>
        sqlite ? new SqliteIntrospector(db) : new PostgresIntrospector(db),
      createQueryCompiler: () => (sqlite ? new SqliteQueryCompiler() : new PostgresQueryCompiler()),
    },
  });
}

const builders = new Map<Engine, Kysely<Tables>>();

/** A value a statement takes when it runs, found by name in the run's parameters. */
class Parameter {
  constructor(readonly name: string) {}
}

type Slot = { readonly name: string } | { readonly value: unknown };

/**
 * One statement, compiled once for one engine and run many times as a prepared statement:
 * `P` names the values it takes, `R` is the type of its rows.
 */
export class Statement<P extends object, R> {
  /** Phantom: the type of a row. */
  declare readonly row: R;

  constructor(
    readonly sql: string,
    private readonly slots: readonly Slot[],
    /** Anything but a plain `SELECT`: it may write (a PostgreSQL write then waits to be listed). */
    readonly writes: boolean,
  ) {}

  /** The positional values of a run, in the order the SQL takes them. */
  values(parameters: P): unknown[] {
    return this.slots.map((slot) =>
      'name' in slot ? (parameters as Record<string, unknown>)[slot.name] : slot.value,
    );
  }
}

/**
 * Anything but a plain `SELECT` may write or lock rows: an `INSERT`, `UPDATE` or `DELETE`, a `SELECT`
 * with `FOR UPDATE` and its kin (end modifiers) or with a `WITH` that may modify, raw SQL.
 */
const writes = (query: OperationNode): boolean =>
  !SelectQueryNode.is(query) || query.endModifiers !== undefined || query.with !== undefined;

/**
 * Builds a statement with the typed query builder and compiles it for `engine`. `build` gets the
 * builder and `p`, whose properties stand for the values given at each run:
 *
 *     statement('sqlite', (db, p: { id: number }) =>
 *       db.selectFrom('pets').select(['id', 'name']).where('id', '=', p.id))
 *
 * Per request, only the values change: no query is built, compiled or parsed again (TypeORM's
 * query builder, per call, cost more than the rest of a read).
 */
export function statement<P extends object, R>(
  engine: Engine,
  build: (db: Kysely<Tables>, p: P) => Compilable<R> | RawBuilder<R>,
): Statement<P, R> {
  let db = builders.get(engine);
  if (!db) {
    db = builderFor(engine);
    builders.set(engine, db);
  }
  const p = new Proxy({} as P, {
    get: (_target, name) => new Parameter(String(name)),
  });
  const built = build(db, p);
  // Raw SQL (`sql` from kysely) for what the builder does not say, such as PRAGMA.
  const compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
  return new Statement<P, R>(
    compiled.sql,
    compiled.parameters.map((value) =>
      value instanceof Parameter ? { name: value.name } : { value },
    ),
    writes(compiled.query),
  );
}
