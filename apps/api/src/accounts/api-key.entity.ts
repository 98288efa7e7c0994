import { Column, Entity, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { bigintAsNumber } from '../database/columns.js';
import type { AccountEntity } from './account.entity.js';

/** An API key. Only the SHA-256 of the key is stored; the key itself is shown once, at creation. */
@Entity('api_keys')
export class ApiKeyEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  @Column({ name: 'account_id', type: 'bigint', transformer: bigintAsNumber })
  accountId!: number;

  @ManyToOne('AccountEntity', 'keys')
  @JoinColumn({ name: 'account_id' })
  account!: Relation<AccountEntity>;

  @Column({ type: 'text' })
  label!: string;

  /** The first characters of the key, so people can tell their keys apart. */
  @Column({ type: 'text' })
  prefix!: string;

  /** SHA-256 of the whole key, hex. */
  @Column({ type: 'text' })
  hash!: string;

  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt!: number;

  @Column({ name: 'last_used_at', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  lastUsedAt!: number | null;

  @Column({ name: 'revoked_at', type: 'bigint', nullable: true, transformer: bigintAsNumber })
  revokedAt!: number | null;
}
