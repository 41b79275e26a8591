/**
 * The system data set in `fixtures/*.json`, validated on load: a typo in a fixture fails the seed with
 * the file and the path of the bad value instead of writing a half-right database.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

export const fixturesDir = fileURLToPath(new URL('../../../fixtures/', import.meta.url));

/** Snowflake ids travel as decimal strings; `0` is the parent of a root. */
const id = z.string().regex(/^\d{1,19}$/, 'an id is a decimal string');
const text = z.string().nullable();
const dateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, 'yyyy-MM-dd HH:mm:ss')
  .nullable();
/** Blade stores role, dept and post of a user as comma-joined id lists. */
const idList = z.string().regex(/^\d{1,19}(,\d{1,19})*$/, 'a comma-joined id list');
const int = z.number().int();

const tenantSchema = z.strictObject({
  id,
  tenantId: z.string().regex(/^\d{6}$/),
  tenantName: z.string().min(1),
  domain: z.string(),
  backgroundUrl: text,
  linkman: text,
  contactNumber: text,
  address: text,
  accountNumber: int,
  expireTime: dateTime,
  packageId: id.nullable(),
  datasourceId: id.nullable(),
});

const clientSchema = z.strictObject({
  id,
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  resourceIds: text,
  scope: z.string(),
  authorizedGrantTypes: z.string(),
  webServerRedirectUri: text,
  authorities: text,
  accessTokenValidity: int.positive(),
  refreshTokenValidity: int.positive(),
  additionalInformation: text,
  autoapprove: text,
});

const roleSchema = z.strictObject({
  id,
  tenantId: z.string(),
  parentId: id,
  roleName: z.string().min(1),
  roleAlias: z.string().min(1),
  sort: int,
});

const deptSchema = z.strictObject({
  id,
  tenantId: z.string(),
  parentId: id,
  ancestors: z.string(),
  deptCategory: int,
  deptName: z.string().min(1),
  fullName: text,
  sort: int,
  remark: text,
});

const postSchema = z.strictObject({
  id,
  tenantId: z.string(),
  category: int,
  postCode: z.string().min(1),
  postName: z.string().min(1),
  sort: int,
  remark: text,
});

const userSchema = z.strictObject({
  id,
  tenantId: z.string(),
  code: text,
  userType: int,
  account: z.string().min(1),
  /** plain text in the fixture only; the seed stores argon2id(md5(password)) */
  password: z.string().min(1),
  name: text,
  realName: text,
  avatar: text,
  email: text,
  phone: text,
  birthday: dateTime,
  sex: int.nullable(),
  roleId: idList,
  deptId: idList,
  postId: idList,
});

const paramSchema = z.strictObject({
  id,
  paramName: z.string().min(1),
  paramKey: z.string().min(1),
  paramValue: z.string(),
  remark: text,
});

const dictSchema = z.strictObject({
  id,
  parentId: id,
  code: z.string().min(1),
  /** `-1` on the row that names a dictionary, the entry's key on its children */
  dictKey: z.string().regex(/^-1$|^\d+$/),
  dictValue: z.string().min(1),
  /** the English label (column `dict_value_en`) */
  dictValueEn: z.string().min(1),
  sort: int,
  remark: text,
  isSealed: z.union([z.literal(0), z.literal(1)]),
});

export const MENU_CATEGORY = { menu: 1, button: 2 } as const;

const menuSchema = z.strictObject({
  id,
  parentId: id,
  code: z.string().regex(/^[a-z][a-z0-9_]*$/, 'menu codes are snake_case'),
  name: z.string().min(1),
  /** the English name (column `name_en`) */
  nameEn: z.string().min(1),
  alias: z.string().min(1),
  path: text,
  source: text,
  sort: int,
  category: z.union([z.literal(MENU_CATEGORY.menu), z.literal(MENU_CATEGORY.button)]),
  action: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  isOpen: z.union([z.literal(1), z.literal(2)]),
  remark: text,
});

/**
 * A role's menus as rules over menu codes rather than a list of ids: `grant` and `deny` name menus or
 * buttons, a menu standing for its whole subtree and `*` for every menu. The seed resolves them in
 * `resolveRoleMenus`.
 */
const roleMenusSchema = z.strictObject({
  roleAlias: z.string().min(1),
  grant: z.array(z.string().min(1)),
  deny: z.array(z.string().min(1)),
});

const topMenuSchema = z.strictObject({
  id,
  tenantId: z.string(),
  code: z.string().min(1),
  name: z.string().min(1),
  /** the English name (column `name_en`) */
  nameEn: z.string().min(1),
  source: text,
  path: text,
  sort: int,
  /** menu codes shown under this top menu, each with its whole subtree */
  menus: z.array(z.string().min(1)),
});

const regionSchema = z.strictObject({
  code: z.string().regex(/^\d{2,12}$/),
  parentCode: z.string().regex(/^\d+$/),
  ancestors: z.string(),
  name: z.string().min(1),
  provinceCode: text,
  provinceName: text,
  cityCode: text,
  cityName: text,
  districtCode: text,
  districtName: text,
  level: int.min(0).max(5),
  sort: int,
});

export type TenantFixture = z.infer<typeof tenantSchema>;
export type ClientFixture = z.infer<typeof clientSchema>;
export type RoleFixture = z.infer<typeof roleSchema>;
export type DeptFixture = z.infer<typeof deptSchema>;
export type PostFixture = z.infer<typeof postSchema>;
export type UserFixture = z.infer<typeof userSchema>;
export type ParamFixture = z.infer<typeof paramSchema>;
export type DictFixture = z.infer<typeof dictSchema>;
export type MenuFixture = z.infer<typeof menuSchema>;
export type RoleMenusFixture = z.infer<typeof roleMenusSchema>;
export type TopMenuFixture = z.infer<typeof topMenuSchema>;
export type RegionFixture = z.infer<typeof regionSchema>;

export interface SystemFixtures {
  tenants: TenantFixture[];
  clients: ClientFixture[];
  roles: RoleFixture[];
  depts: DeptFixture[];
  posts: PostFixture[];
  users: UserFixture[];
  params: ParamFixture[];
  dicts: DictFixture[];
  menus: MenuFixture[];
  roleMenus: RoleMenusFixture[];
  topMenus: TopMenuFixture[];
  regions: RegionFixture[];
}

export function readFixture<T>(file: string, schema: z.ZodType<T>, dir: string = fixturesDir): T[] {
  const raw: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const parsed = z.array(schema).safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`fixtures/${file}: ${issue.path.join('.')}: ${issue.message}`);
  }
  return parsed.data;
}

export function loadSystemFixtures(dir: string = fixturesDir): SystemFixtures {
  return {
    tenants: readFixture('tenants.json', tenantSchema, dir),
    clients: readFixture('clients.json', clientSchema, dir),
    roles: readFixture('roles.json', roleSchema, dir),
    depts: readFixture('depts.json', deptSchema, dir),
    posts: readFixture('posts.json', postSchema, dir),
    users: readFixture('users.json', userSchema, dir),
    params: readFixture('params.json', paramSchema, dir),
    dicts: readFixture('dicts.json', dictSchema, dir),
    menus: readFixture('menus.json', menuSchema, dir),
    roleMenus: readFixture('role-menus.json', roleMenusSchema, dir),
    topMenus: readFixture('top-menus.json', topMenuSchema, dir),
    regions: readFixture('regions.json', regionSchema, dir),
  };
}
