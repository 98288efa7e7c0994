/** An API key a caller sends as `Bearer <token>`, looked up on every request. */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity()
export class ApiKey {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column({ unique: true })
  token!: string;

  @Column()
  owner!: string;
}
