export * from './pet.schema.js';
export * from './error.schema.js';
export * from './list-query.schema.js';
export * from './rate-limit.js';
export * from './headers.js';
export * from './deprecation.js';
export * from './validation.js';
export * from './account.schema.js';
export { API_VERSION, DEFAULT_SERVER_URL, createOpenApiDocument } from './openapi.js';
