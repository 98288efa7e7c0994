/**
 * The contract's answers as the client reads them ({@link Tolerant}): an enum value the API added
 * since is kept as its string, and typed so.
 */
import type * as Contract from '@pets/contract';
import type { Tolerant } from './tolerant.js';

export type Account = Tolerant<Contract.Account>;
export type AccountUsage = Tolerant<Contract.AccountUsage>;
export type AdoptionsReport = Tolerant<Contract.AdoptionsReport>;
export type ApiKey = Tolerant<Contract.ApiKey>;
export type AuditEvent = Tolerant<Contract.AuditEvent>;
export type Category = Tolerant<Contract.Category>;
export type CreatedApiKey = Tolerant<Contract.CreatedApiKey>;
export type CurrentSession = Tolerant<Contract.CurrentSession>;
export type Inventory = Tolerant<Contract.Inventory>;
export type Invitation = Tolerant<Contract.Invitation>;
export type KeyMaker = Tolerant<Contract.KeyMaker>;
export type ListedOrder = Tolerant<Contract.ListedOrder>;
export type ListedPet = Tolerant<Contract.ListedPet>;
export type OpenApiDocument = Tolerant<Contract.OpenApiDocument>;
export type OpenInvitation = Tolerant<Contract.OpenInvitation>;
export type Order = Tolerant<Contract.Order>;
export type Passkey = Tolerant<Contract.Passkey>;
export type PasskeyOptions = Tolerant<Contract.PasskeyOptions>;
export type PasswordResetLink = Tolerant<Contract.PasswordResetLink>;
export type Person = Tolerant<Contract.Person>;
export type Pet = Tolerant<Contract.Pet>;
export type PetBatchResult = Tolerant<Contract.PetBatchResult>;
export type PetBatchResults = Tolerant<Contract.PetBatchResults>;
export type PetPhoto = Tolerant<Contract.PetPhoto>;
export type PetProfile = Tolerant<Contract.PetProfile>;
export type Session = Tolerant<Contract.Session>;
export type SignInMethods = Tolerant<Contract.SignInMethods>;
export type Event = Tolerant<Contract.Event>;
/** An event of one type. */
export type EventOf<T extends Contract.EventType> = Extract<Event, { type: T }>;
export type WebhookEndpoint = Tolerant<Contract.WebhookEndpoint>;
export type CreatedWebhookEndpoint = Tolerant<Contract.CreatedWebhookEndpoint>;
export type RolledWebhookSecret = Tolerant<Contract.RolledWebhookSecret>;
export type WebhookAttempt = Tolerant<Contract.WebhookAttempt>;
export type WebhookDelivery = Tolerant<Contract.WebhookDelivery>;
