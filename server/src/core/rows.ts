import type { Column, Table } from 'drizzle-orm';

/**
 * What better-sqlite3 answers for one column of a table read by raw SQL: the driver's value, not the
 * schema's mapped one (drizzle's `$inferSelect` has already passed `fromDriver`). INTEGER columns
 * (`int`, `snowflake`) arrive as `Integer`: bigint on the connection's safeIntegers, number through
 * `prepareNumbers`; a nullable column may answer null.
 */
type DriverValue<C extends Column, Integer extends bigint | number> =
  | (bigint extends C['_']['driverParam'] ? Integer : C['_']['data'])
  | (C['_']['notNull'] extends true ? never : null);

/**
 * A table's row as raw SQL answers it when it selects the columns under their schema keys
 * (`tenant_id AS tenantId`): the row type of a typed statement, derived from the drizzle schema.
 */
export type DriverRow<T extends Table, Integer extends bigint | number = bigint> = {
  [K in keyof T['_']['columns']]: DriverValue<T['_']['columns'][K], Integer>;
};

/** A row whose `Keys` the SQL selects as text (`CAST(id AS TEXT) AS id`): ids do not fit a double. */
export type WithText<Row, Keys extends keyof Row> = Omit<Row, Keys> & {
  [K in Keys]: string | Extract<Row[K], null>;
};
