/** The columns every PSI table shares. */
import { sql } from 'drizzle-orm';
import { auditColumns, int, snowflake, tenantColumn } from './columns';

export const live = sql`is_deleted = 0`;

export const base = () => ({
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  ...auditColumns(),
});

export const version = () => int('version').notNull().default(0);
