import { customType, text } from 'drizzle-orm/sqlite-core';

/**
 * The database is opened with safeIntegers, so every INTEGER arrives as a bigint.
 * 64-bit snowflake ids travel as strings (they do not fit a JS number); every other
 * integer column is a plain number.
 */
export const snowflake = customType<{ data: string; driverData: bigint | number | string }>({
  dataType: () => 'integer',
  toDriver: (value) => BigInt(value),
  fromDriver: (value) => String(value),
});

export const int = customType<{ data: number; driverData: bigint | number }>({
  dataType: () => 'integer',
  toDriver: (value) => value,
  fromDriver: (value) => Number(value),
});

/** `yyyy-MM-dd HH:mm:ss` in the server's zone, as Blade serialises dates. */
export const datetime = (name: string) => text(name);

/** Columns every audited Blade table carries (BaseEntity). */
export const auditColumns = () => ({
  createUser: snowflake('create_user'),
  createDept: snowflake('create_dept'),
  createTime: datetime('create_time'),
  updateUser: snowflake('update_user'),
  updateTime: datetime('update_time'),
  status: int('status').notNull().default(1),
  isDeleted: int('is_deleted').notNull().default(0),
});

export const tenantColumn = () => text('tenant_id').notNull().default('000000');
