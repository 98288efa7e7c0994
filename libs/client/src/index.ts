export { createPetstoreClient, type PetstoreClient, type PetstoreClientOptions } from './client.js';
export { PetstoreApiError } from './errors.js';
