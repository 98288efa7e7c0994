/**
 * Lint for the whole repository: strict typed TypeScript rules, the boundaries between projects
 * (the tags in each project.json), the one-way folders of the API, the admin's features that import
 * no other, and what code that runs in a browser may not import.
 */
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import nx from '@nx/eslint-plugin';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The API's folders (apps/api/src), lowest first: each with the folders it may import; the others
 * are forbidden to it (tests may reach across). The request's own concerns come first (errors, the
 * HTTP edges, the request gate, parsing, paging, logging), then config/ and the stores, then the
 * features; nothing here imports pets/, health/, docs/ or the CLI
 * (apps/api/src/import-graph.spec.ts checks that there are no cycles); pets/ may import orders/,
 * never the other way. A folder's subfolders (accounts/api-keys/, people/sessions/) are ruled with
 * it.
 */
const API_LAYERS = {
  errors: [],
  logging: [],
  readiness: [],
  http: ['errors'],
  parsing: ['errors'],
  gate: ['errors', 'http', 'parsing'],
  paging: ['errors', 'http'],
  // The configuration module gives every module the settings, the clock and the cursors' key.
  config: ['paging'],
  metrics: ['config'],
  'rate-limit': ['config', 'errors', 'gate', 'http', 'metrics', 'paging', 'readiness'],
  database: ['config', 'errors', 'paging', 'readiness'],
  idempotency: ['config', 'database', 'errors', 'parsing'],
  audit: ['database', 'gate', 'paging', 'parsing'],
  accounts: ['audit', 'config', 'database', 'errors', 'gate', 'paging', 'parsing'],
  usage: ['accounts', 'gate', 'rate-limit'],
  people: [
    'accounts',
    'audit',
    'config',
    'database',
    'errors',
    'gate',
    'paging',
    'parsing',
    'rate-limit',
  ],
  categories: [
    'audit',
    'config',
    'database',
    'errors',
    'gate',
    'http',
    'idempotency',
    'paging',
    'parsing',
  ],
  // The first global guard admits an API key or a person's session.
  authentication: ['accounts', 'errors', 'gate', 'people', 'rate-limit'],
  // Store orders move pets with them (their own statements on the pets table); pets, above, ask
  // whether a pet has an open order.
  orders: [
    'audit',
    'config',
    'database',
    'errors',
    'gate',
    'http',
    'idempotency',
    'paging',
    'parsing',
  ],
  // Pets' profiles and photos: their own statements on the pets table (whether a pet is there and
  // whose it is); pets, above, expand their lists with them and remove a removed pet's photos.
  photos: ['audit', 'config', 'database', 'errors', 'gate', 'http', 'idempotency', 'parsing'],
  // Events (the outbox the audit trail writes) as partners read them.
  events: ['config', 'database', 'errors', 'gate', 'paging', 'parsing'],
  // An account's webhook endpoints (staff's for any account: the account is read from its table).
  webhooks: [
    'audit',
    'config',
    'database',
    'errors',
    'gate',
    'http',
    'idempotency',
    'paging',
    'parsing',
  ],
};
/** The API's folders that may import any other: the features at the top and what serves them. */
const API_TOP = ['pets', 'health', 'docs', 'cli', 'admin-app', 'fuzz'];

/** Every folder of apps/api/src, read from the tree, so a new one cannot go unruled. */
const API_FOLDERS = readdirSync(new URL('apps/api/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unruled = API_FOLDERS.filter(
  (folder) => !(folder in API_LAYERS) && !API_TOP.includes(folder),
);
if (unruled.length > 0)
  throw new Error(
    `eslint.config.js: put apps/api/src/${unruled.join(', ')} in API_LAYERS (with what it may import) or API_TOP.`,
  );

/**
 * The admin's features (apps/admin/src/features), read from the tree: none imports another
 * (bulletproof-react's rule); what two need is shared in components/ or lib/, or composed in app/.
 */
const ADMIN_FEATURES = readdirSync(new URL('apps/admin/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** What code that runs in a browser must never import. */
const SERVER_ONLY = [
  '@nestjs/*',
  'typeorm',
  'better-sqlite3',
  'pg',
  'ioredis',
  'fastify',
  '@fastify/*',
  'passport*',
  'pino',
];
const NODE_BUILTINS = [
  'assert',
  'buffer',
  'child_process',
  'cluster',
  'crypto',
  'dgram',
  'dns',
  'events',
  'fs',
  'fs/promises',
  'http',
  'http2',
  'https',
  'module',
  'net',
  'os',
  'path',
  'perf_hooks',
  'process',
  'querystring',
  'readline',
  'stream',
  'string_decoder',
  'timers',
  'tls',
  'tty',
  'url',
  'util',
  'v8',
  'vm',
  'worker_threads',
  'zlib',
];

/** What code that runs in a browser may not import (`no-restricted-imports`). */
const BROWSER_RESTRICTIONS = {
  paths: NODE_BUILTINS.map((name) => ({
    name,
    message: 'Node built-ins do not run in a browser.',
  })),
  patterns: [
    { group: ['node:*'], message: 'Node built-ins do not run in a browser.' },
    { group: SERVER_ONLY, message: 'Server-only packages do not run in a browser.' },
  ],
};

const DEP_CONSTRAINTS = [
  {
    sourceTag: 'type:contract',
    onlyDependOnLibsWithTags: [],
    // zod-openapi renders the contract's zod schemas as the OpenAPI document (no platform APIs).
    allowedExternalImports: ['zod', 'zod-openapi', 'vitest', 'vitest/*'],
  },
  { sourceTag: 'type:client', onlyDependOnLibsWithTags: ['type:contract'] },
  { sourceTag: 'type:api', onlyDependOnLibsWithTags: ['type:contract'] },
  { sourceTag: 'type:admin', onlyDependOnLibsWithTags: ['type:client', 'type:contract'] },
  {
    sourceTag: 'type:tool',
    onlyDependOnLibsWithTags: ['type:contract', 'type:client', 'type:api', 'type:tool'],
  },
  {
    sourceTag: 'platform:browser',
    onlyDependOnLibsWithTags: ['platform:browser', 'platform:universal'],
    bannedExternalImports: SERVER_ONLY,
  },
  {
    sourceTag: 'platform:universal',
    onlyDependOnLibsWithTags: ['platform:universal'],
    bannedExternalImports: SERVER_ONLY,
  },
];

/** Tests may also use the tools that start real services for them (tools/services). */
const TEST_DEP_CONSTRAINTS = DEP_CONSTRAINTS.map((constraint) => {
  if (['type:api', 'type:client', 'type:admin'].includes(constraint.sourceTag)) {
    return {
      ...constraint,
      onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'type:tool'],
    };
  }
  // Tests run in Node, whatever the code they test runs in.
  if (
    constraint.sourceTag === 'platform:universal' ||
    constraint.sourceTag === 'platform:browser'
  ) {
    return {
      sourceTag: constraint.sourceTag,
      onlyDependOnLibsWithTags: [...constraint.onlyDependOnLibsWithTags, 'platform:node'],
    };
  }
  return constraint;
});

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      '**/.nx/**',
      '**/test-output/**',
      '**/data/**',
      '**/reports/**',
      // The client's package as partners get it, built by libs/client/scripts/build-package.mjs.
      'libs/client/package/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    plugins: { '@nx': nx },
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: false,
          allow: [],
          depConstraints: DEP_CONSTRAINTS,
        },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-extraneous-class': ['error', { allowWithDecorator: true }],
      // Nest types plain option objects as classes; passing literals is how its API is meant to be used.
      '@typescript-eslint/no-unsafe-class-instance-assignment': 'off',
    },
  },
  // The API's folders depend one way (API_LAYERS).
  ...Object.entries(API_LAYERS)
    .map(([folder, allowed]) => [
      folder,
      API_FOLDERS.filter((other) => other !== folder && !allowed.includes(other)),
    ])
    .map(([folder, forbidden]) => ({
      files: [`apps/api/src/${folder}/**/*.ts`],
      ignores: ['**/*.spec.ts'],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                group: forbidden.map((other) => `**/${other}/**`),
                message: `apps/api/src/${folder}/ may not import this folder (see eslint.config.js).`,
              },
            ],
          },
        ],
      },
    })),
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e.ts', '**/e2e/**/*.ts', '**/test/**/*.ts'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        { enforceBuildableLibDependency: false, allow: [], depConstraints: TEST_DEP_CONSTRAINTS },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // Code that runs in a browser: the admin app and the libraries it ships (their tests run in Node).
    files: ['apps/admin/src/**/*.{ts,tsx}', 'libs/client/src/**/*.ts', 'libs/contract/src/**/*.ts'],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.e2e.ts', '**/e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', BROWSER_RESTRICTIONS],
    },
  },
  // After the browser's rule, which it repeats: a later config of a rule replaces the earlier one.
  ...ADMIN_FEATURES.map((feature) => ({
    files: [`apps/admin/src/features/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.spec.ts', '**/*.spec.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: BROWSER_RESTRICTIONS.paths,
          patterns: [
            ...BROWSER_RESTRICTIONS.patterns,
            {
              group: ADMIN_FEATURES.filter((other) => other !== feature).flatMap((other) => [
                `**/features/${other}/*`,
                `../../${other}/*`,
              ]),
              message: `apps/admin/src/features/${feature}/ may not import another feature: share it in components/ or lib/, or compose the two in app/.`,
            },
          ],
        },
      ],
    },
  })),
  prettier,
);
