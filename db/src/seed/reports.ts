/**
 * The saved reports every tenant starts with (`fixtures/reports.json`: the stock and order
 * summaries). Written when a tenant comes into being — by the seed for its tenants, by the tenant
 * service for a new one — so reading the report list never writes.
 */
import { z } from 'zod';
import type { Db } from '../client';
import { nextId } from '../model/id';
import * as schema from '../schema/index';
import { fixturesDir, readFixture } from './fixtures';
import type { AuditStamp } from './system';

const reportFixtureSchema = z.object({
  code: z.string().min(1),
  name: z.string().min(1),
  nameEn: z.string().min(1),
  content: z.record(z.string(), z.unknown()),
});
export type ReportFixture = z.infer<typeof reportFixtureSchema>;

export const readReportFixtures = (dir: string = fixturesDir): ReportFixture[] =>
  readFixture('reports.json', reportFixtureSchema, dir);

/** The stored `content` of a default report: its list query with its code and English name. */
export const reportContent = (r: ReportFixture) =>
  JSON.stringify({ code: r.code, nameEn: r.nameEn, ...r.content });

/** Writes a tenant's default reports (run it inside the transaction that creates the tenant). */
export function writeDefaultReports(
  db: Db,
  tenantId: string,
  audit: AuditStamp,
  reports: ReportFixture[] = readReportFixtures(),
): void {
  if (!reports.length) return;
  db.insert(schema.reportFile)
    .values(
      reports.map((r) => ({ id: nextId(), tenantId, name: r.name, content: reportContent(r), ...audit })),
    )
    .run();
}
