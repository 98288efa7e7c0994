import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/columns.js';

/** The first response to a create sent with an `Idempotency-Key`, kept for 24 hours. */
@Entity('idempotency_keys')
@Index('idempotency_keys_created_at', ['createdAt'])
export class IdempotencyKeyEntity {
  @PrimaryColumn({ name: 'account_id', type: 'bigint', transformer: bigintAsNumber })
  accountId!: number;

  @PrimaryColumn({ type: 'text' })
  key!: string;

  /** SHA-256 of the normalised request body, hex: a different body under the same key is refused. */
  @Column({ name: 'request_hash', type: 'text' })
  requestHash!: string;

  @Column({ name: 'pet_id', type: 'bigint', transformer: bigintAsNumber })
  petId!: number;

  /** The body of the first response, as sent. */
  @Column({ name: 'response_body', type: 'text' })
  responseBody!: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt!: number;
}
