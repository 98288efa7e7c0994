import type { AuditAction, AuditTargetType, Plan, PetStatus, Role } from '@pets/contract';
import type { Generated } from 'kysely';

/**
 * The tables as the migrations make them, for the query builder: one place that says what each
 * column holds. `tables.spec.ts` checks this against the migrated schema of both engines. Ids and
 * Unix-millisecond times are numbers on both (PostgreSQL's bigint is read as a number: every value
 * here is at most 2^53 - 1).
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
    /** The name in lower case, for prefix search (`nameKey`). */
    name_key: string;
  };
  /** Every change to pets, keys and accounts, written in the transaction of the change. */
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
