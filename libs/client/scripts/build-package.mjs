// Builds the package partners install: libs/client/package/, ready for `npm pack` or `npm publish`.
//
// The contract (@pets/contract) is private to this repository, so the parts of it the client uses
// (schemas, error codes, header names, the operations) are bundled in: one ESM file and one
// declaration file, with zod and standardwebhooks (what `verifyWebhook` checks signatures with) as
// the package's only dependencies. Nothing else of the contract comes
// along (its OpenAPI builder and zod-openapi are left out by tree shaking).
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';
import { dts } from 'rolldown-plugin-dts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'package');
const read = (path) => JSON.parse(readFileSync(path, 'utf8'));

const workspace = read(join(root, 'package.json'));
const repository = read(join(root, '..', '..', 'package.json'));
const contractSource = readFileSync(join(root, '..', 'contract', 'src', 'openapi.ts'), 'utf8');
const apiVersion = /export const API_VERSION = '([^']+)'/.exec(contractSource)?.[1];

// The client's major version is the API's: 1.x speaks to the API's 1.x (info.version).
const major = (version) => version?.split('.')[0];
if (!apiVersion || major(workspace.version) !== major(apiVersion)) {
  throw new Error(
    `The client's version ${workspace.version} must share its major with the API's ${apiVersion}`,
  );
}

rmSync(out, { recursive: true, force: true });
await build({
  input: join(root, 'src', 'index.ts'),
  cwd: root,
  // The contract from its sources, as the rest of the repository builds it; zod and standardwebhooks
  // stay dependencies.
  resolve: { conditionNames: ['@pets/source', 'import', 'default'] },
  external: [/^zod(\/|$)/, /^standardwebhooks(\/|$)/],
  platform: 'neutral',
  plugins: [
    dts({ tsconfig: join(root, 'tsconfig.lib.json'), compilerOptions: { sourceMap: false } }),
  ],
  output: { dir: join(out, 'dist'), format: 'esm', sourcemap: false },
  logLevel: 'warn',
});

// The bundler names each module's source file in a comment; those paths are this repository's, not
// the package's, so they go.
for (const file of ['index.js', 'index.d.ts']) {
  const path = join(out, 'dist', file);
  const text = readFileSync(path, 'utf8').replace(/^\/\/ (\.\.\/)*[\w./-]+\.ts\n/gm, '');
  writeFileSync(path, text);
}

const manifest = {
  name: '@petstore/client',
  version: workspace.version,
  description: 'Typed client for the Pet Store API: pets, paging, retries that respect rate limits',
  keywords: ['petstore', 'pet store', 'api', 'client', 'sdk', 'typescript'],
  license: 'MIT',
  repository: {
    type: 'git',
    url: 'git+https://github.com/petstore/petstore.git',
    directory: 'libs/client',
  },
  type: 'module',
  sideEffects: false,
  exports: {
    '.': { types: './dist/index.d.ts', default: './dist/index.js' },
    './package.json': './package.json',
  },
  types: './dist/index.d.ts',
  files: ['dist', 'README.md', 'CHANGELOG.md', 'LICENSE'],
  engines: repository.engines,
  dependencies: {
    standardwebhooks: workspace.dependencies.standardwebhooks,
    zod: workspace.dependencies.zod,
  },
};
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE'])
  copyFileSync(join(root, file), join(out, file));
console.log(`${manifest.name}@${manifest.version} in ${out}`);
