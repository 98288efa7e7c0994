import type { Plan, Role } from '@pets/contract';
import { Column, Entity, OneToMany, PrimaryColumn, type Relation } from 'typeorm';
import { bigintAsNumber } from '../database/columns.js';
import type { ApiKeyEntity } from './api-key.entity.js';

@Entity('accounts')
export class AccountEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  plan!: Plan;

  @Column({ type: 'text' })
  role!: Role;

  /** Enterprise accounts only: their own limits. */
  @Column({ name: 'limit_per_minute', type: 'integer', nullable: true })
  limitPerMinute!: number | null;

  @Column({ name: 'limit_per_day', type: 'integer', nullable: true })
  limitPerDay!: number | null;

  /** Unix milliseconds. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt!: number;

  @OneToMany('ApiKeyEntity', 'account')
  keys!: Relation<ApiKeyEntity[]>;
}
