import type { ValueTransformer } from 'typeorm';

/**
 * `bigint` columns come back from PostgreSQL as strings; every id and timestamp here fits in a
 * JavaScript number exactly (at most 2^53 - 1), so they are numbers everywhere above the database.
 */
export const bigintAsNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | number | null) => (value === null ? null : Number(value)),
};
