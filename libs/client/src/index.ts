/**
 * The partner client's entry: the client with its options and results, its error, its retry
 * settings, and the contract's types it takes and answers with.
 */
export {
  createPetstoreClient,
  newIdempotencyKey,
  type AcceptInvitationInput,
  type ApiResult,
  type AuditPage,
  type CallOptions,
  type ChangePasswordInput,
  type CreateCategoryOptions,
  type CreatedCategory,
  type CreatedPet,
  type CreatePetOptions,
  type KeysPage,
  type KeysQuery,
  type NewInvitationInput,
  type Page,
  type PetsPage,
  type PetstoreClient,
  type PetstoreClientOptions,
  type ResetPasswordInput,
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
  Category,
  CategoryPatchInput,
  NewCategoryInput,
  ListAuditQueryInput,
  ListKeysQueryInput,
  PetPatchInput,
  CreatedApiKey,
  CurrentSession,
  Invitation,
  ListPetsQueryInput,
  NewAccountInput,
  NewPetInput,
  PasswordResetLink,
  Pet,
  Person,
  Session,
  PetStatus,
  PlanChange,
} from '@pets/contract';
