/**
 * The contract's entry: the zod schemas, the operations table, the limits and the words the API,
 * the partner client and the admin app share. Test helpers have an entry of their own (testing.ts).
 */
export * from './pet.schema.js';
export * from './pet-profile.schema.js';
export * from './pet-batch.schema.js';
export * from './pet-export.js';
export * from './text.schema.js';
export * from './error.schema.js';
export * from './list-query.schema.js';
export * from './search.js';
export * from './rate-limit.js';
export * from './headers.js';
export * from './deprecation.js';
export * from './validation.js';
export * from './account.schema.js';
export { API_VERSION, DEFAULT_SERVER_URL, createOpenApiDocument } from './openapi.js';
export { codeSamples, type CodeSample } from './code-samples.js';
export * from './serialization.js';
export * from './limits.js';
export * from './problems.js';
export * from './operations.js';
export * from './audit.schema.js';
export * from './people.schema.js';
export * from './category.schema.js';
export * from './order.schema.js';
export * from './sign-in.schema.js';
export * from './expand.schema.js';
export * from './report.schema.js';
export * from './event.schema.js';
export * from './webhook.schema.js';
