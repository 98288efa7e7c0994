// Bundles what `tsc` built (dist/) into the two programs people run: dist/bundle/main.js (the API)
// and dist/bundle/keys.js (`npm run keys`). To start from dist/, Node finds, reads and compiles some
// 1,450 CommonJS files and a few hundred ES modules: the bundle starts the API on a third less CPU
// and each CLI command on two fifths less (docs/team/performance.md, `npm run startup`). It is built from
// tsc's output, so decorator metadata is already there, and class and function names are kept
// (Nest's log lines and errors name classes).
//
// Left out, loaded from node_modules as before:
// - native modules (better-sqlite3 and its Node-API build, @node-rs/argon2, sharp);
// - the contract, zod and zod-openapi: the contract reads its OpenAPI description beside its own
//   module, and one copy of zod must serve both the contract's schemas and the API's;
// - pino and ioredis, which find files of their own with __dirname (an ES module has none);
// - packages Nest, TypeORM and pg load only on request, which the API never makes (the
//   microservices, Express, other database drivers; most are not installed): any other import the
//   bundler cannot resolve fails the build.
//
// @nestjs/typeorm looks for two classes TypeORM 1 no longer has (`Connection`, `AbstractRepository`)
// with a `require('typeorm')` the bundler cannot see: that would load TypeORM's CommonJS build a
// second time, beside the bundled one, at every start (0.15 s of CPU, measured). The bundle answers
// what that lookup answers on TypeORM 1, `undefined`, and the build checks that it still is.
//
// The bundle sits one directory below dist/, as dist/admin-app/ does, so the admin app's path
// (apps/admin/dist, found from import.meta.url) is the same from either.
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const out = join(dist, 'bundle');

const KEPT_OUT = [
  'better-sqlite3',
  'better-sqlite3-node-api',
  '@node-rs/argon2',
  'sharp',
  '@pets/contract',
  'zod',
  'zod-openapi',
  'pino',
  'ioredis',
];
/** Loaded by Nest, TypeORM or pg only on request, which the API never makes (most are not installed). */
const OPTIONAL = [
  '@nestjs/microservices',
  '@nestjs/websockets',
  '@nestjs/platform-express',
  'class-transformer',
  'class-validator',
  '@fastify/view',
  '@fastify/multipart',
  // Nest's adapter asks for it from its own directory, where npm did not put it; the API's admin
  // app then loads it from node_modules too.
  '@fastify/static',
  'pg-native',
  'pg-query-stream',
  '@google-cloud/spanner',
  '@sap/hana-client',
  'hdb-pool',
  'mongodb',
  'mssql',
  'mysql',
  'mysql2',
  'oracledb',
  'redis',
  'sql.js',
  'sqlite3',
  'typeorm-aurora-data-api-driver',
  'react-native-sqlite-storage',
];
const packageOf = (id) => {
  const parts = id.split('/');
  return id.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
};
const keptOut = new Set([...KEPT_OUT, ...OPTIONAL]);

const TYPEORM_COMPAT = /[\\/]@nestjs[\\/]typeorm[\\/]dist[\\/]common[\\/]typeorm-compat\.js$/;
const REMOVED_FROM_TYPEORM = ['Connection', 'AbstractRepository'];
const typeorm = createRequire(import.meta.url)('typeorm');
const stillThere = REMOVED_FROM_TYPEORM.filter((name) => typeorm[name] !== undefined);
if (stillThere.length > 0)
  throw new Error(`TypeORM has ${stillThere.join(' and ')} again: bundle @nestjs/typeorm's lookup`);
let compatReplaced = false;
/** @type {import('rolldown').Plugin} */
const typeormCompat = {
  name: 'typeorm-compat',
  load(id) {
    if (!TYPEORM_COMPAT.test(id)) return null;
    compatReplaced = true;
    return REMOVED_FROM_TYPEORM.map((name) => `export const ${name} = undefined;`).join('\n');
  },
};

rmSync(out, { recursive: true, force: true });
const unresolved = [];
await build({
  input: { main: join(dist, 'main.js'), keys: join(dist, 'cli', 'keys.js') },
  cwd: root,
  platform: 'node',
  plugins: [typeormCompat],
  external: (id) => !id.startsWith('.') && !id.startsWith('/') && keptOut.has(packageOf(id)),
  output: { dir: out, format: 'esm', keepNames: true, sourcemap: false },
  onLog(level, log, handle) {
    if (log.code === 'UNRESOLVED_IMPORT') {
      unresolved.push(log.message);
      return;
    }
    // A CommonJS module's `this` at its top, and eval in a dependency: as they were unbundled.
    if (log.code === 'EVAL' || log.code === 'THIS_IS_UNDEFINED') return;
    handle(level, log);
  },
});
if (!compatReplaced) {
  rmSync(out, { recursive: true, force: true });
  throw new Error("@nestjs/typeorm's typeorm-compat.js was not in the bundle: check its lookup");
}
if (unresolved.length > 0) {
  rmSync(out, { recursive: true, force: true });
  throw new Error(`The bundle would leave imports unresolved:\n${unresolved.join('\n')}`);
}
