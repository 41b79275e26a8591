/**
 * The demo's data in `fixtures/psi/`: who and what (demo.json), the rows of the import exercises
 * (imports.json) and the story's timeline (demo-story.json), the last validated on load so a typo
 * fails the seed with the path of the bad value.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { SheetRecord as SheetRow } from '../../core/export';
import type { ROSTER_COLUMNS } from '../../modules/psi/public';

const fixtures = (name: string) =>
  fileURLToPath(new URL(`../../../../fixtures/psi/${name}`, import.meta.url));
const readJson = (name: string): unknown => JSON.parse(readFileSync(fixtures(name), 'utf8'));

export interface DemoFixture {
  password: string;
  tenants: {
    tenantId: string;
    tenantName: string;
    linkman: string;
    contactNumber: string;
    address: string;
  }[];
  users: { tenantId: string; account: string; realName: string; role: string; phone: string }[];
  depositories: (Record<string, string | number | null> & { tenantId: string; user: string | null })[];
  schoolUsers: Record<string, string>;
  goods: (Record<string, string | number> & { code: string })[];
  deletedGoods: Record<string, string | number>;
  deletedSchool: {
    schoolCode: string;
    schoolName: string;
    schoolType: number;
    regionCode: string;
    depository: string;
  };
  isolation: { school: Record<string, string | number>; goods: string[] };
}

export interface ImportFixture {
  goodsBad: Record<string, string>[];
  goodsFixed: Record<string, string>[];
  schoolsBad: Record<string, string>[];
  schoolsFixed: Record<string, string>[];
}

export const loadDemoFixture = (): DemoFixture => readJson('demo.json') as DemoFixture;
export const loadImportFixture = (): ImportFixture => readJson('imports.json') as ImportFixture;

/** A story moment, `yyyy-MM-dd HH:mm` in Asia/Shanghai on the story's own dates. */
const moment = z.string().regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm');
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');
const money = z.string().regex(/^\d+\.\d{2}$/, 'an amount such as 500.00');
/** Document lines: goods code to quantity, in the order they are entered. */
const lines = z.record(z.string(), z.number().int().positive());
const decision = z.strictObject({ at: moment, pass: z.boolean(), remark: z.string() });
const acceptance = decision.extend({ operator: z.string() });
const voucher = z.strictObject({ prefix: z.string(), sequence: z.number().int().positive() });

const subscription = z.strictObject({
  subscription: z.string(),
  at: moment,
  school: z.string(),
  depository: z.string(),
  lines,
  audit: decision.optional(),
  accept: acceptance.optional(),
  removed: z.boolean().optional(),
});
const direct = z.strictObject({
  direct: z.string(),
  at: moment,
  school: z.string(),
  depository: z.string(),
  remark: z.string(),
  lines,
  accept: acceptance.optional(),
});
const delivery = z.strictObject({
  /** the subscription whose depository order ships */
  delivery: z.string(),
  day,
  operator: z.string(),
  goods: z.array(z.string()),
  approve: z.boolean(),
});
const recharge = z.strictObject({
  recharge: z.string(),
  at: moment,
  amount: money,
  voucher,
  remark: z.string(),
});
const stocktake = z.strictObject({
  stocktake: z.string(),
  at: moment,
  operator: z.string(),
  remark: z.string(),
  complete: z.boolean(),
  counted: z.array(
    z.strictObject({ goods: z.string(), quantity: z.number().int(), remark: z.string().optional() }),
  ),
});

const purchase = z.strictObject({
  day,
  depository: z.string(),
  supplier: z.string(),
  lines,
  end: z.enum(['stored', 'audited', 'pending', 'rejected']),
  received: lines.optional(),
  auditRemark: z.string().optional(),
  storageRemark: z.string().optional(),
});

const storySchema = z.strictObject({
  $comment: z.string(),
  roleNames: z.record(z.string(), z.string()),
  start: moment,
  roster: z.strictObject({ rows: z.number().int().positive() }),
  openingRecharges: z.strictObject({
    at: moment,
    voucherPrefix: z.string(),
    remark: z.string(),
    amounts: z.record(z.string(), money),
  }),
  purchases: z.strictObject({
    operators: z.record(z.string(), z.string()),
    contactSuffix: z.string(),
    approveRemark: z.string(),
    storageRemark: z.string(),
    orders: z.array(purchase),
    withdrawn: z.strictObject({ at: moment, goods: z.string(), remark: z.string() }),
    removedDraft: z.strictObject({
      at: moment,
      operator: z.string(),
      supplier: z.string(),
      depository: z.string(),
      lines,
    }),
  }),
  shipping: z.strictObject({ logisticsCompany: z.string(), trackingPrefix: z.string(), remark: z.string() }),
  chapters: z.array(
    z.strictObject({
      name: z.string(),
      events: z.array(z.union([subscription, direct, delivery, recharge, stocktake])),
    }),
  ),
  isolation: z.strictObject({
    rosterAt: moment,
    schoolType: z.string(),
    schoolUser: z.string(),
    purchase: z.strictObject({
      at: moment,
      operator: z.string(),
      supplier: z.string(),
      depository: z.string(),
      quantity: z.number().int().positive(),
      auditRemark: z.string(),
    }),
    recharge: z.strictObject({ at: moment, amount: money, voucher }),
    subscription: z.strictObject({ at: moment, depository: z.string(), lines }),
  }),
  notices: z.array(
    z.strictObject({
      tenantId: z.string(),
      /** the account that publishes it */
      author: z.string(),
      title: z.string(),
      category: z.number().int(),
      releaseTime: z.string(),
      content: z.string(),
    }),
  ),
  /** the time of day the story ends on its last day */
  end: z.string().regex(/^\d{2}:\d{2}$/),
});

export type DemoStory = z.infer<typeof storySchema>;
export type StoryEvent = DemoStory['chapters'][number]['events'][number];
export type StoryLines = z.infer<typeof lines>;

export function loadDemoStory(): DemoStory {
  const parsed = storySchema.safeParse(readJson('demo-story.json'));
  if (!parsed.success)
    throw new Error(
      `fixtures/psi/demo-story.json: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    );
  return parsed.data;
}

/** A sheet row keyed by field from a row keyed by the template's header names. */
export function sheetRowOf(
  columns: typeof ROSTER_COLUMNS,
  row: Record<string, string>,
  index: number,
): SheetRow {
  const cells: Record<string, string> = {};
  for (const c of columns) {
    const v = row[c.names[0]];
    if (v !== undefined && v !== '') cells[c.key] = v;
  }
  return { row: index + 2, cells };
}
