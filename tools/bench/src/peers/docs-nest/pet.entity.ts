/** A pet, as a TypeORM entity: the columns of the pets the API lists. */
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity()
export class Pet {
  @PrimaryGeneratedColumn()
  id!: number;

  @Column()
  name!: string;

  @Column()
  categoryId!: number;

  @Column()
  status!: string;
}
