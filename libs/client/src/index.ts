export {
  createPetstoreClient,
  type ApiResult,
  type AuditPage,
  type CallOptions,
  type CreatedPet,
  type CreatePetOptions,
  type KeysPage,
  type KeysQuery,
  type PetsPage,
  type PetstoreClient,
  type PetstoreClientOptions,
  type SignInInput,
} from './client.js';
export { PetstoreApiError, type PetstoreErrorCode, type PetstoreErrorKind } from './errors.js';
export type { RateLimitState } from './rate-limit.js';
export { DEFAULT_RETRY, type RetryOptions } from './retry.js';
export type {
  Account,
  AccountUsage,
  ApiKey,
  AuditEvent,
  ListAuditQueryInput,
  ListKeysQueryInput,
  PetPatchInput,
  CreatedApiKey,
  CurrentSession,
  ListPetsQueryInput,
  NewAccountInput,
  NewPetInput,
  Pet,
  Person,
  PetStatus,
  PlanChange,
} from '@pets/contract';
