/**
 * The tables and columns as the migrations make them, for the typed query builder.
 */
import type {
  AuditAction,
  AuditTargetType,
  EventType,
  OrderStatus,
  Plan,
  PetStatus,
  Role,
  WebhookDisabledReason,
  WebhookStatus,
} from '@pets/contract';
import type { ColumnType, Generated } from 'kysely';

/**
 * `schema.spec.ts` checks this against the migrated schema of both engines. Ids and Unix-millisecond
 * times are numbers on both (PostgreSQL's bigint is read as a number: none exceeds 2^53 - 1).
 */
export interface Tables {
  accounts: {
    id: Generated<number>;
    name: string;
    plan: Plan;
    role: Role;
    /** Enterprise accounts only: their own limits. */
    limit_per_minute: number | null;
    limit_per_day: number | null;
    /** Enterprise accounts only, when agreed: their own number of open orders. */
    limit_open_orders: number | null;
    created_at: number;
  };
  api_keys: {
    id: Generated<number>;
    account_id: number;
    label: string;
    /** The first characters of the key, so people can tell their keys apart. */
    prefix: string;
    /** SHA-256 of the whole key, hex; the key itself is shown once, at creation. */
    hash: string;
    created_at: number;
    last_used_at: number | null;
    revoked_at: number | null;
    /** The person who made it; with `created_by_key_id`, both null: the command-line tool, or not recorded. */
    created_by_person_id: number | null;
    created_by_key_id: number | null;
  };
  pets: {
    id: Generated<number>;
    name: string;
    category_id: number;
    status: PetStatus;
    created_at: number;
    /** The account that created it; none for pets made before this was recorded (staff's). */
    owner_account_id: number | null;
    /** Removed pets stay for the audit trail, hidden from every read. */
    deleted_at: number | null;
    /** The name in lower case, for prefix search and the order by name (`nameKey`). */
    name_key: string;
    /**
     * The name as `q` searches it (`searchText`), indexed (PetSearch1795306700000); `''` where the
     * previous release wrote the name.
     */
    search_text: ColumnType<string, string | undefined, string>;
    /**
     * When `name_key` last changed, set by a trigger (PetRenames1795306900000); 0 if never: a walk
     * in name order leaves out pets renamed since it began.
     */
    named_at: ColumnType<number, never, never>;
  };
  /** Categories of pets (docs/partners/categories.md): archived, never removed. */
  categories: {
    id: Generated<number>;
    name: string;
    /**
     * The name in NFC lower case: unique, as the previous release compares names (it writes and
     * reads only this one).
     */
    name_key: string;
    /**
     * The name as names are compared (`categoryNameKey`): unique. Null for a category the previous
     * release made or renamed, or one whose name was already another's when keys were made
     * (CategoryNameKeys1795306400000).
     */
    name_fold: string | null;
    /** PostgreSQL's boolean is read as `true`/`false`, SQLite's as 1/0; both take 1/0. */
    archived: ColumnType<boolean | number, number, number>;
    created_at: number;
  };
  /** Orders to adopt a pet (docs/partners/orders.md); at most one open (placed or approved) per pet. */
  orders: {
    id: Generated<number>;
    pet_id: number;
    account_id: number;
    status: OrderStatus;
    placed_at: number;
    /** When its status last changed; its `placed_at` until then. */
    updated_at: number;
  };
  /** A pet's profile (PetPhotos1795307000000): a row once someone described it. */
  pet_profiles: {
    pet_id: number;
    /** JSON: a `PetProfile`. */
    profile: string;
    updated_at: number;
  };
  /** A pet's photos in order; a removed one keeps its row, its images deleted. */
  pet_photos: {
    id: Generated<number>;
    pet_id: number;
    /** 1 is the pet's face; the photos a pet has are numbered 1 to n. */
    position: number;
    /** The unguessable name of its public URLs (`/photos/{key}-{width}.webp`). */
    key: string;
    width: number;
    height: number;
    thumbhash: string;
    created_at: number;
    removed_at: number | null;
  };
  /** The WebP bytes of each photo at each width, written with its row. */
  pet_photo_images: {
    key: string;
    size: 'small' | 'medium' | 'large';
    bytes: Uint8Array;
    /** A strong validator of the bytes (quoted, as `ETag` sends it). */
    etag: string;
  };
  /** Every change to pets, categories, orders, keys and accounts, written in the transaction of the change. */
  audit_events: {
    id: Generated<number>;
    at: number;
    /** Both null: the command-line tool. */
    actor_account_id: number | null;
    actor_key_id: number | null;
    action: AuditAction;
    target_type: AuditTargetType;
    target_id: number;
    /** JSON: `{ field: [before, after] }`. */
    changes: string;
    /** The person behind a change made through a session. */
    actor_person_id: number | null;
  };
  /** The outbox (Events1795307100000): each change to the catalogue or to an order, as an event. */
  events: {
    id: Generated<number>;
    type: EventType;
    created_at: number;
    /** Who may read it: null, every account (the catalogue's); else that account's and staff's. */
    account_id: number | null;
    /** JSON: the object after the change. */
    data: string;
  };
  /** People who sign in (docs/staff/sign-in.md), of one account each; deactivated, never removed. */
  people: {
    id: Generated<number>;
    account_id: number;
    /** As the person gave it; `email_key` is what is compared (lower case, unique). */
    email: string;
    email_key: string;
    name: string;
    /** argon2id (`people/passwords.ts`); none until the person has chosen a password. */
    password_hash: string | null;
    created_at: number;
    password_changed_at: number | null;
    deactivated_at: number | null;
    /** The WebAuthn user id of their passkeys (random, base64url), made with their first. */
    passkey_user_id: string | null;
  };
  /** Sessions in the admin app, by the SHA-256 of their id (the id itself is only in the cookie). */
  sessions: {
    id: Generated<number>;
    person_id: number;
    hash: string;
    created_at: number;
    last_used_at: number;
    /** Ended by sign-out, a password change or reset, or deactivation; time ends it too. */
    ended_at: number | null;
    /** What the browser says it is (User-Agent, shortened), and the client address. */
    device: string;
    address: string;
  };
  /** Passkeys (docs/staff/sign-in.md): WebAuthn credentials, by their credential id; nothing secret. */
  passkeys: {
    id: Generated<number>;
    person_id: number;
    /** base64url, as the browser names it. */
    credential_id: string;
    /** The COSE public key, as the authenticator gave it. */
    public_key: Uint8Array;
    /** The signature counter last seen (0 for authenticators that keep none). */
    counter: number;
    /** JSON: the transports the browser named (`["internal", "hybrid"]`). */
    transports: string;
    name: string;
    created_at: number;
    last_used_at: number | null;
  };
  /**
   * Webhook endpoints (WebhookEndpoints1795307200000): an account's URLs events are sent to, their
   * signing secrets encrypted (`webhooks/webhook-secrets.ts`); deleted ones kept without secrets.
   */
  webhook_endpoints: {
    id: Generated<number>;
    account_id: number;
    url: string;
    /** JSON: the event types sent to it, in `EventType` order. */
    events: string;
    status: WebhookStatus;
    disabled_reason: WebhookDisabledReason | null;
    /** The current secret, encrypted; null once deleted. */
    secret_ciphertext: string | null;
    /** Its first characters (`whsec_ab12`), to tell secrets apart. */
    secret_prefix: string;
    /** The secret rolled out, encrypted, until it stops signing (`previous_secret_expires_at`). */
    previous_secret_ciphertext: string | null;
    previous_secret_expires_at: number | null;
    created_at: number;
    deleted_at: number | null;
    /** Since when every attempt at it failed (WebhookDeliveries1795307300000); null: not failing. */
    failing_since: number | null;
  };
  /** An event (or a test message) to deliver to one endpoint, until it succeeds or is given up. */
  webhook_deliveries: {
    id: Generated<number>;
    endpoint_id: number;
    /** The Standard Webhooks `webhook-id`, the same on every attempt (`evt_…`). */
    message_id: string;
    event_id: number | null;
    event_type: string;
    /** What is POSTed. */
    body: string;
    created_at: number;
    status: 'pending' | 'succeeded' | 'failed';
    attempts: number;
    first_attempt_at: number | null;
    /** When it is next tried; null once it succeeded or failed. */
    next_attempt_at: number | null;
    /** Until when an instance holds it for an attempt. */
    claimed_until: number | null;
  };
  /** Each attempt at a delivery, as the endpoint's log lists it. */
  webhook_attempts: {
    id: Generated<number>;
    delivery_id: number;
    endpoint_id: number;
    attempted_at: number;
    duration_ms: number;
    response_status: number | null;
    /** The first 1 KiB of the answer, as text. */
    response_excerpt: string | null;
    /** Why no answer came. */
    error: string | null;
    /** Written as 1 or 0; read as each engine gives it. */
    succeeded: ColumnType<boolean | number, number, number>;
  };
  /** The last event handed out to endpoints: one row. */
  webhook_dispatch: {
    id: number;
    last_event_id: number;
  };
  /** Passkey challenges in force, by the SHA-256 of the challenge; deleted when answered. */
  passkey_challenges: {
    hash: string;
    purpose: 'add' | 'sign_in';
    /** The person adding a passkey; none for signing in. */
    person_id: number | null;
    expires_at: number;
  };
  /** One-time links: invitations to an account, password resets; by the SHA-256 of their token. */
  person_links: {
    id: Generated<number>;
    kind: 'invitation' | 'reset';
    hash: string;
    /** The account an invitation is to; a reset's person's account. */
    account_id: number;
    email: string;
    /** A reset's person; an invitation's once it is accepted. */
    person_id: number | null;
    /** Who made it: both null for the command-line tool. */
    created_by_account_id: number | null;
    created_by_person_id: number | null;
    created_at: number;
    expires_at: number;
    used_at: number | null;
    /** When it was ended unused (revoked, or superseded); `expires_at` was brought down to it. */
    ended_at: number | null;
  };
  /** The first response to a write sent with an `Idempotency-Key`, kept for 24 hours. */
  idempotency_keys: {
    account_id: number;
    key: string;
    /** SHA-256 of the normalised request, hex: a different request under the same key is refused. */
    request_hash: string;
    /** The body of the first response, as sent. */
    response_body: string;
    created_at: number;
  };
}
