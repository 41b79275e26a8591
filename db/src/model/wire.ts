import { z } from 'zod';

/**
 * Wire shapes of the Blade contract shared by the server (route schemas, the OpenAPI document) and
 * the web client (its request and response types). Schemas registered with an `id` become shared
 * components of the document.
 */

/** Blade's `R`: every answer but the token endpoint's. `success` is `code == 200`; `data` is never null. */
const envelopeFields = {
  code: z.number().int().describe('200 on success, else the HTTP-like failure code'),
  success: z.boolean(),
  msg: z.string(),
};
export const envelopeBase = z
  .looseObject({
    code: envelopeFields.code,
    success: envelopeFields.success,
    data: z.unknown(),
    msg: envelopeFields.msg,
  })
  .meta({ id: 'R', description: 'The Blade envelope' });

/** The envelope of one kind of data. */
export const envelopeOf = <T extends z.ZodType>(data: T) =>
  z.intersection(envelopeBase, z.looseObject({ data }));

/** MyBatis-Plus's `IPage` as Blade serialises it. */
const pageFields = {
  total: z.number().int(),
  size: z.number().int(),
  current: z.number().int(),
  pages: z.number().int(),
};
export const pageBase = z
  .looseObject({ records: z.array(z.unknown()), ...pageFields })
  .meta({ id: 'Page', description: 'One page of a list' });

export const pageOf = <T extends z.ZodType>(row: T) =>
  z.intersection(pageBase, z.looseObject({ records: z.array(row) }));

/** `data: {}` of a plain success (`R.status(true)`) or of a missing record. */
export const emptyData = z.strictObject({}).meta({ id: 'Empty', description: 'No data (`{}`)' });

/** `GET /blade-auth/oauth/captcha`; `image` is a data URL. */
export const captchaSchema = z.object({ key: z.string(), image: z.string() });

/** The success body of `POST /blade-auth/oauth/token` (not enveloped). */
export const tokenBodySchema = z.looseObject({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string().optional(),
  tenant_id: z.string(),
  user_id: z.string(),
  dept_id: z.string().optional(),
  post_id: z.string().optional(),
  role_id: z.string().optional(),
  oauth_id: z.string().optional(),
  account: z.string(),
  user_name: z.string().optional(),
  nick_name: z.string().optional(),
  real_name: z.string().optional(),
  role_name: z.string().optional(),
  avatar: z.string().optional(),
  jti: z.string().optional(),
  license: z.string().optional(),
  detail: z.record(z.string(), z.unknown()).optional(),
});

/** The failure body of the token endpoint (HTTP 400/401). */
export const tokenFailureSchema = z.object({ error_code: z.number(), error_description: z.string() });

/** A node of the tree endpoints (`menu/tree`, `dept/tree`, `dict/tree` …). */
export interface TreeNodeWire {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNodeWire[];
  [extra: string]: unknown;
}
export const treeNodeSchema: z.ZodType<TreeNodeWire> = z
  .looseObject({
    id: z.string(),
    parentId: z.string(),
    title: z.string(),
    key: z.string(),
    value: z.string(),
    hasChildren: z.boolean().optional(),
    get children() {
      return z.array(treeNodeSchema).optional();
    },
  })
  .meta({ id: 'TreeNode' });

/** A node of `GET /blade-system/menu/routes` and `…/buttons`. Leaves omit `children`. */
export interface MenuNodeWire {
  id: string;
  parentId: string;
  code: string;
  name: string;
  nameEn?: string;
  alias?: string;
  path: string;
  source?: string;
  sort?: number;
  category?: number;
  action?: number;
  isOpen?: number;
  meta?: { i18n?: string; roles?: string[] };
  hasChildren?: boolean;
  children?: MenuNodeWire[];
  [extra: string]: unknown;
}
export const menuNodeSchema: z.ZodType<MenuNodeWire> = z
  .looseObject({
    id: z.string(),
    parentId: z.string(),
    code: z.string(),
    name: z.string(),
    nameEn: z.string().optional(),
    alias: z.string().optional(),
    path: z.string(),
    source: z.string().optional().describe('an antd icon name or a Saber iconfont class'),
    sort: z.number().optional(),
    category: z.number().optional().describe('1 menu, 2 button'),
    action: z.number().optional().describe('0 none, 1 toolbar, 2 row, 3 both'),
    isOpen: z.number().optional().describe('1 in place, 2 a new window'),
    meta: z.object({ i18n: z.string().optional(), roles: z.array(z.string()).optional() }).optional(),
    hasChildren: z.boolean().optional(),
    get children() {
      return z.array(menuNodeSchema).optional();
    },
  })
  .meta({ id: 'MenuNode' });

/** A node of `GET /blade-system/menu/top-menu`. */
export const topMenuSchema = z.looseObject({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string().optional(),
  source: z.string().optional(),
  path: z.string().optional(),
  sort: z.number().optional(),
});

/** Flat map of granted button codes (`{ goodsinfo_add: true }`). */
export const permissionMapSchema = z.record(z.string(), z.boolean());

/** The envelope type of one kind of data. */
export type EnvelopeWire<T> = z.infer<z.ZodObject<typeof envelopeFields>> & { data: T };

/** The page type of one kind of row. */
export type PageWire<T> = z.infer<z.ZodObject<typeof pageFields>> & { records: T[] };

/** The header bell's inbox (`GET /blade-desk/notice/inbox`): 待办, 消息 and 通知, each a list with its counts. */
export const inboxTabSchema = z.enum(['todo', 'message', 'notice']);
export const inboxItemSchema = z.object({
  /** unique within its tab: `<kind>:<id>` for 待办, the row id otherwise */
  id: z.string(),
  kind: z.string(),
  title: z.string(),
  description: z.string(),
  /** the document's number (or the notice title) */
  docNo: z.string(),
  /** the web route that opens it */
  route: z.string(),
  time: z.string(),
  read: z.boolean(),
});
export const inboxListSchema = z.object({
  total: z.number(),
  unread: z.number(),
  records: z.array(inboxItemSchema),
});
export type InboxTab = z.infer<typeof inboxTabSchema>;
export type InboxItem = z.infer<typeof inboxItemSchema>;
export type InboxList = z.infer<typeof inboxListSchema>;

/** One folded drift of the proxy's report: how an upstream answer differs from the document, how often, when. */
export interface DriftRow {
  route: string;
  path: string;
  expected: string;
  seen: string;
  count: number;
  firstSeen: string;
  lastSeen: string;
}
