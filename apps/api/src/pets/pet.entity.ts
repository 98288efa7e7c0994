import type { PetStatus } from '@pets/contract';
import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import { bigintAsNumber } from '../database/columns.js';

@Entity('pets')
@Index('pets_status_id', ['status', 'id'])
export class PetEntity {
  @PrimaryColumn({ type: 'bigint', generated: 'increment', transformer: bigintAsNumber })
  id!: number;

  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'category_id', type: 'bigint', transformer: bigintAsNumber })
  categoryId!: number;

  @Column({ type: 'text' })
  status!: PetStatus;

  /** Unix milliseconds. */
  @Column({ name: 'created_at', type: 'bigint', transformer: bigintAsNumber })
  createdAt!: number;
}
