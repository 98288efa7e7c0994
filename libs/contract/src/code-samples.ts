/**
 * The code samples of each operation in the OpenAPI document (`x-codeSamples`), made from the
 * operations table: curl, TypeScript with the partner client (`@petstore/client`) and Python with
 * its standard library. Each takes the base URL (ending in `/v1`) from `PETSTORE_URL`, and the API
 * key from `PETSTORE_API_KEY`, or a person's session from `PETSTORE_SESSION` where only a session
 * may call.
 */
import { HEADERS } from './headers.js';
import { type Operation, type OperationId, OPERATIONS } from './operations.js';
import { SESSION_COOKIE } from './people.schema.js';

/** One sample, as `x-codeSamples` lists them (Redoc's and Scalar's extension). */
export interface CodeSample {
  lang: 'shell' | 'typescript' | 'python';
  label: 'curl' | 'TypeScript' | 'Python';
  source: string;
}

type Query = Readonly<Record<string, string | number>>;

/** What a sample sends, besides what the operation's table gives (method, path, headers). */
interface SampleCall {
  /** The client's method, `client.<method>(…)`; none for what only a browser does (redirects). */
  readonly client?: string;
  /** Its arguments in TypeScript, when they are not the path's ids, then the body or query. */
  readonly args?: string;
  readonly query?: Query;
  /** An example body: each is one the contract accepts (the tests parse it). */
  readonly body?: unknown;
  /** A body only a browser makes (a passkey's credential), read from this file instead. */
  readonly bodyFile?: string;
  /** A file sent as the body itself (a photo), with its media type. */
  readonly upload?: { readonly file: string; readonly type: string };
}

/** The value of each path parameter in the samples. */
export const SAMPLE_IDS: Readonly<Record<string, number>> = {
  petId: 42,
  categoryId: 3,
  orderId: 7,
  keyId: 12,
  accountId: 5,
  personId: 9,
  sessionId: 15,
  invitationId: 4,
  passkeyId: 2,
  photoId: 8,
  endpointId: 6,
  deliveryId: 31,
};

const PAGE: Query = { limit: 20 };
const NEW_PASSWORD = 'correct horse battery staple';
const LINK_TOKEN = 'q7Jz0bA3kR9mW2xYtV5nL8cP1dF6gH4sE0uI3oK7jQw';

const WEBHOOK_SAMPLE = {
  url: 'https://partner.example.com/hooks/petstore',
  events: ['order.placed', 'order.cancelled'],
};

const BATCH_SAMPLE = {
  items: [
    { petId: 42, patch: { status: 'sold' } },
    { petId: 43, delete: true },
  ],
};

/** Every operation's sample call. */
export const SAMPLE_CALLS: Readonly<Record<OperationId, SampleCall>> = {
  listPets: { client: 'listPets', query: { limit: 20, status: 'available' } },
  createPet: { client: 'createPet', body: { name: 'Rex', categoryId: 1 } },
  getPet: { client: 'getPet' },
  updatePet: { client: 'updatePet', body: { name: 'Rex', categoryId: 2 } },
  deletePet: { client: 'deletePet' },
  batchPets: {
    client: 'batchPets',
    args: literal(BATCH_SAMPLE.items),
    body: BATCH_SAMPLE,
  },
  getPetProfile: { client: 'getPetProfile' },
  updatePetProfile: {
    client: 'updatePetProfile',
    body: { breed: 'Labrador mix', goodWith: { children: 'yes' } },
  },
  listPetPhotos: { client: 'listPetPhotos' },
  uploadPetPhoto: {
    client: 'uploadPetPhoto',
    args: "42, await readFile('rex.jpg'), { contentType: 'image/jpeg', idempotencyKey: 'rex-1' }",
    upload: { file: 'rex.jpg', type: 'image/jpeg' },
  },
  movePetPhoto: { client: 'movePetPhoto', body: { position: 1 } },
  removePetPhoto: { client: 'removePetPhoto' },
  listCategories: { client: 'listCategories', query: PAGE },
  createCategory: { client: 'createCategory', body: { name: 'Horses' } },
  getCategory: { client: 'getCategory' },
  updateCategory: { client: 'updateCategory', body: { archived: true } },
  listOrders: { client: 'listOrders', query: { status: 'placed' } },
  placeOrder: { client: 'placeOrder', body: { petId: 42 } },
  getOrder: { client: 'getOrder' },
  approveOrder: { client: 'approveOrder' },
  deliverOrder: { client: 'deliverOrder' },
  cancelOrder: { client: 'cancelOrder' },
  getAdoptionsReport: {
    client: 'getAdoptionsReport',
    query: { from: '2026-11-01', to: '2026-12-01', by: 'account' },
  },
  getInventory: { client: 'getInventory' },
  listEvents: {
    client: 'listEvents',
    args: "{ type: ['pet.created', 'pet.updated'] }",
    query: { type: 'pet.created,pet.updated' },
  },
  getAccount: { client: 'getAccount' },
  listAccountKeys: { client: 'listAccountKeys', query: PAGE },
  createAccountKey: {
    client: 'createAccountKey',
    args: "'ci-server'",
    body: { label: 'ci-server' },
  },
  revokeAccountKey: { client: 'revokeAccountKey' },
  listWebhookEndpoints: { client: 'listWebhookEndpoints', query: PAGE },
  createWebhookEndpoint: { client: 'createWebhookEndpoint', body: WEBHOOK_SAMPLE },
  getWebhookEndpoint: { client: 'getWebhookEndpoint' },
  updateWebhookEndpoint: { client: 'updateWebhookEndpoint', body: { status: 'disabled' } },
  deleteWebhookEndpoint: { client: 'deleteWebhookEndpoint' },
  rollWebhookSecret: { client: 'rollWebhookSecret' },
  listWebhookAttempts: { client: 'listWebhookAttempts', query: PAGE },
  resendWebhookDelivery: { client: 'resendWebhookDelivery' },
  sendWebhookTestEvent: { client: 'sendWebhookTestEvent' },
  signIn: {
    client: 'session.signIn',
    body: { email: 'ann@example.com', password: NEW_PASSWORD },
  },
  getCurrentSession: { client: 'session.getCurrentSession' },
  signOut: { client: 'session.signOut' },
  listSessions: { client: 'session.listSessions', query: PAGE },
  endAllSessions: { client: 'session.endAllSessions' },
  endSession: { client: 'session.endSession' },
  changePassword: {
    client: 'session.changePassword',
    body: { currentPassword: NEW_PASSWORD, newPassword: 'a longer passphrase of mine' },
  },
  removePassword: { client: 'session.removePassword', body: { currentPassword: NEW_PASSWORD } },
  getSignInMethods: { client: 'session.getSignInMethods' },
  startSingleSignOn: {},
  // A browser redirect the document leaves out: no sample is shown for it.
  finishSingleSignOn: {},
  listPasskeys: { client: 'session.listPasskeys', query: PAGE },
  addPasskey: {
    client: 'session.addPasskey',
    args: "{ name: 'Laptop', credential }",
    bodyFile: 'new-passkey.json',
  },
  startPasskeyRegistration: { client: 'session.startPasskeyRegistration' },
  removePasskey: { client: 'session.removePasskey' },
  startPasskeySignIn: { client: 'session.startPasskeySignIn' },
  signInWithPasskey: {
    client: 'session.signInWithPasskey',
    args: '{ credential }',
    bodyFile: 'passkey-sign-in.json',
  },
  listPeople: { client: 'listPeople', query: PAGE },
  listAccountInvitations: { client: 'listAccountInvitations', query: PAGE },
  createInvitation: { client: 'session.createInvitation', body: { email: 'bea@example.com' } },
  revokeAccountInvitation: { client: 'session.revokeAccountInvitation' },
  acceptInvitation: {
    client: 'session.acceptInvitation',
    body: { token: LINK_TOKEN, name: 'Bea', password: NEW_PASSWORD },
  },
  resetPassword: {
    client: 'session.resetPassword',
    body: { token: LINK_TOKEN, password: NEW_PASSWORD },
  },
  listAccounts: { client: 'admin.listAccounts' },
  createAccount: { client: 'admin.createAccount', body: { name: 'Acme Pets', plan: 'pro' } },
  changePlan: { client: 'admin.changePlan', body: { plan: 'business' } },
  getAccountUsage: { client: 'admin.getAccountUsage' },
  listKeysOfAccount: { client: 'admin.listKeysOfAccount', query: PAGE },
  createKeyForAccount: {
    client: 'admin.createKeyForAccount',
    args: "5, 'ci-server'",
    body: { label: 'ci-server' },
  },
  listInvitationsOfAccount: { client: 'admin.listInvitationsOfAccount', query: PAGE },
  createInvitationForAccount: {
    client: 'admin.createInvitationForAccount',
    body: { email: 'bea@example.com' },
  },
  listPeopleOfAccount: { client: 'admin.listPeopleOfAccount', query: PAGE },
  listWebhookEndpointsOfAccount: { client: 'admin.listWebhookEndpointsOfAccount', query: PAGE },
  createWebhookEndpointForAccount: {
    client: 'admin.createWebhookEndpointForAccount',
    body: WEBHOOK_SAMPLE,
  },
  getWebhookEndpointOfAccount: { client: 'admin.getWebhookEndpointOfAccount' },
  updateWebhookEndpointOfAccount: {
    client: 'admin.updateWebhookEndpointOfAccount',
    body: { events: ['order.placed'] },
  },
  deleteWebhookEndpointOfAccount: { client: 'admin.deleteWebhookEndpointOfAccount' },
  rollWebhookSecretOfAccount: { client: 'admin.rollWebhookSecretOfAccount' },
  listWebhookAttemptsOfAccount: { client: 'admin.listWebhookAttemptsOfAccount', query: PAGE },
  resendWebhookDeliveryOfAccount: { client: 'admin.resendWebhookDeliveryOfAccount' },
  sendWebhookTestEventOfAccount: { client: 'admin.sendWebhookTestEventOfAccount' },
  revokeInvitation: { client: 'admin.revokeInvitation' },
  deactivatePerson: { client: 'admin.deactivatePerson' },
  reactivatePerson: { client: 'admin.reactivatePerson' },
  createPasswordReset: { client: 'admin.createPasswordReset' },
  revokeKey: { client: 'admin.revokeKey' },
  listAudit: { client: 'admin.listAudit', query: { targetType: 'pet', targetId: 42 } },
  getOpenApiDocument: { client: 'getOpenApiDocument' },
};

/** The Idempotency-Key of the samples that send one. */
const sampleKey = (id: string) => `${id}-1`;

const pathIds = (operation: Operation): string[] =>
  [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name ?? '');

/** The operation's path with the sample ids, and its sample query. */
export function samplePath(operation: Operation, query?: Query): string {
  const path = operation.path.replaceAll(/\{(\w+)\}/g, (_, name: string) =>
    String(SAMPLE_IDS[name]),
  );
  if (!query) return path;
  const search = Object.entries(query).map(
    ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
  );
  return `${path}?${search.join('&')}`;
}

const takesIdempotencyKey = (operation: Operation) =>
  operation.headers !== undefined && HEADERS.idempotencyKey in operation.headers.shape;
const contentType = (operation: Operation) => operation.bodyTypes?.[0] ?? 'application/json';
/** A change made with the session cookie must say where it comes from (the API's own origin). */
const needsOrigin = (operation: Operation) =>
  operation.access === 'person' && operation.method !== 'GET';

function curlSample(id: string, operation: Operation, call: SampleCall): string {
  const lines = [
    `curl${operation.method === 'GET' ? '' : ` -X ${operation.method}`} "$PETSTORE_URL${samplePath(operation, call.query)}"`,
  ];
  if (operation.access === 'key' || operation.access === 'staff')
    lines.push(`-H "Authorization: Bearer $PETSTORE_API_KEY"`);
  if (operation.access === 'person') lines.push(`-b "${SESSION_COOKIE}=$PETSTORE_SESSION"`);
  if (needsOrigin(operation)) lines.push(`-H "Origin: $PETSTORE_ORIGIN"`);
  if (takesIdempotencyKey(operation))
    lines.push(`-H '${HEADERS.idempotencyKey}: ${sampleKey(id)}'`);
  if (call.body !== undefined || call.bodyFile !== undefined)
    lines.push(`-H 'Content-Type: ${contentType(operation)}'`);
  if (call.body !== undefined) lines.push(`-d '${JSON.stringify(call.body)}'`);
  if (call.bodyFile !== undefined) lines.push(`-d @${call.bodyFile}`);
  if (call.upload !== undefined)
    lines.push(`-H 'Content-Type: ${call.upload.type}'`, `--data-binary @${call.upload.file}`);
  return lines.join(' \\\n  ');
}

/** A JavaScript literal of a JSON value, as people write it: `{ name: 'Rex', categoryId: 1 }`. */
export function literal(value: unknown): string {
  if (typeof value === 'string') return `'${value.replaceAll("'", "\\'")}'`;
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object' && value !== null) {
    const members = Object.entries(value).map(
      ([key, member]) =>
        `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key)}: ${literal(member)}`,
    );
    return members.length === 0 ? '{}' : `{ ${members.join(', ')} }`;
  }
  return String(value);
}

function typeScriptSample(id: string, operation: Operation, call: SampleCall): string | undefined {
  if (call.client === undefined) return undefined;
  const args = [
    ...(call.args !== undefined
      ? [call.args]
      : [
          ...pathIds(operation).map((name) => String(SAMPLE_IDS[name])),
          ...(call.body !== undefined ? [literal(call.body)] : []),
          ...(call.query !== undefined ? [literal(call.query)] : []),
        ]),
    // An upload's key goes in its own options, beside its media type (in `args`).
    ...(takesIdempotencyKey(operation) && call.upload === undefined
      ? [`{ idempotencyKey: '${sampleKey(id)}' }`]
      : []),
  ];
  const oneLine = `await client.${call.client}(${args.join(', ')});`;
  // The arguments one a line when the call is too long for the narrow panel samples show in.
  const callLine =
    oneLine.length <= 56
      ? oneLine
      : `await client.${call.client}(\n${args.map((arg) => `  ${arg},\n`).join('')});`;
  const withKey = operation.access === 'key' || operation.access === 'staff';
  return [
    ...(call.upload !== undefined ? ["import { readFile } from 'node:fs/promises';"] : []),
    "import { createPetstoreClient } from '@petstore/client';",
    '',
    withKey
      ? 'const client = createPetstoreClient({\n  baseUrl: process.env.PETSTORE_URL!,\n  apiKey: process.env.PETSTORE_API_KEY,\n});'
      : // In the browser, on the API's own origin: the session cookie goes along.
        'const client = createPetstoreClient({ baseUrl: `${window.location.origin}/v1` });',
    ...(call.bodyFile !== undefined
      ? [
          id === 'addPasskey'
            ? '// From navigator.credentials.create() with the options of startPasskeyRegistration.'
            : '// From navigator.credentials.get() with the options of startPasskeySignIn.',
          `declare const credential: Parameters<typeof client.${call.client}>[0]['credential'];`,
        ]
      : []),
    ...(operation.success.schema
      ? [`const { data } = ${callLine}`, 'console.log(data);']
      : [callLine]),
  ].join('\n');
}

/** A Python literal of a JSON value. */
export function pythonLiteral(value: unknown): string {
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (value === null) return 'None';
  if (Array.isArray(value)) return `[${value.map(pythonLiteral).join(', ')}]`;
  if (typeof value === 'object')
    return `{${Object.entries(value)
      .map(([key, member]) => `${JSON.stringify(key)}: ${pythonLiteral(member)}`)
      .join(', ')}}`;
  return JSON.stringify(value);
}

function pythonSample(id: string, operation: Operation, call: SampleCall): string {
  const headers: string[] = [];
  if (operation.access === 'key' || operation.access === 'staff')
    headers.push(`"Authorization": "Bearer " + os.environ["PETSTORE_API_KEY"]`);
  if (operation.access === 'person')
    headers.push(`"Cookie": "${SESSION_COOKIE}=" + os.environ["PETSTORE_SESSION"]`);
  if (needsOrigin(operation)) headers.push(`"Origin": os.environ["PETSTORE_ORIGIN"]`);
  if (takesIdempotencyKey(operation))
    headers.push(`"${HEADERS.idempotencyKey}": "${sampleKey(id)}"`);
  if (call.body !== undefined || call.bodyFile !== undefined)
    headers.push(`"Content-Type": "${contentType(operation)}"`);
  if (call.upload !== undefined) headers.push(`"Content-Type": "${call.upload.type}"`);
  const file = call.bodyFile ?? call.upload?.file;
  const data =
    call.body !== undefined
      ? `json.dumps(${pythonLiteral(call.body)}).encode()`
      : file !== undefined
        ? `open("${file}", "rb").read()`
        : undefined;
  const imports =
    data?.startsWith('json') || operation.success.schema ? 'import json\nimport os' : 'import os';
  const args = [
    `os.environ["PETSTORE_URL"] + "${samplePath(operation, call.query)}"`,
    `method="${operation.method}"`,
    ...(data ? [`data=${data}`] : []),
    ...(headers.length > 0 ? [`headers={\n        ${headers.join(',\n        ')},\n    }`] : []),
  ];
  return [
    imports,
    'import urllib.request',
    '',
    `request = urllib.request.Request(\n    ${args.join(',\n    ')},\n)`,
    'with urllib.request.urlopen(request) as response:',
    operation.success.schema
      ? '    print(response.status, json.load(response))'
      : '    print(response.status)',
  ].join('\n');
}

/** The samples of one operation, curl first. */
export function codeSamples(id: OperationId): CodeSample[] {
  const operation: Operation = OPERATIONS[id];
  const call = SAMPLE_CALLS[id];
  const typeScript = typeScriptSample(id, operation, call);
  return [
    { lang: 'shell', label: 'curl', source: curlSample(id, operation, call) },
    ...(typeScript
      ? [{ lang: 'typescript', label: 'TypeScript', source: typeScript } as const]
      : []),
    // A redirect is for a browser: urllib would follow it to the provider.
    ...(operation.success.status === 303
      ? []
      : [{ lang: 'python', label: 'Python', source: pythonSample(id, operation, call) } as const]),
  ];
}
