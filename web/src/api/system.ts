import { lineHas } from './lines';
import { apiGet, apiPost, type BodyOf, type DataOf, type RecordOf } from './call';
import { getData } from './request';
import { downloadFile, fetchTree, resourceKeys } from './resource';
import type { DeclaredRow, Page } from './types';

/**
 * Calls of the system service (`/blade-system`, `/blade-user`) beyond the generic resource calls, and
 * their react-query keys. A key starts with its resource's key, so a write that refreshes the resource
 * (`resourceKeys.all`) refreshes these too.
 */
export const systemKeys = {
  /** The id/label choices of a list endpoint (a tenant's data sources, packages). */
  options: (url: string) => [url, 'options'] as const,
  tenantSelect: () => [...resourceKeys.all('tenant'), 'select'] as const,
  postSelect: (tenantId: string) => [...resourceKeys.all('post'), 'select', tenantId] as const,
  deptTree: (tenantId: string) => [...resourceKeys.all('dept'), 'tree', tenantId] as const,
  roleTree: (tenantId: string) => [...resourceKeys.all('role'), 'tree', tenantId] as const,
  roleGrantTree: () => [...resourceKeys.all('role'), 'grant-tree'] as const,
  roleTreeKeys: (roleId: string) => [...resourceKeys.all('role'), 'tree-keys', roleId] as const,
  topMenuGrantTree: () => [...resourceKeys.all('topmenu'), 'grant-tree'] as const,
  topMenuKeys: (topMenuId: string) => [...resourceKeys.all('topmenu'), 'keys', topMenuId] as const,
  userPlatform: (userId: string) => [...resourceKeys.all('user'), 'platform', userId] as const,
  regionLazyTree: (parentCode: string) => [...resourceKeys.all('region'), 'lazy-tree', parentCode] as const,
  regionDetail: (code: string) => [...resourceKeys.all('region'), 'detail', code] as const,
  switchDepts: (userId: string) => ['switch', 'dept', userId] as const,
  switchRoles: (userId: string) => ['switch', 'role', userId] as const,
};

/** A list answer, or none when the backend sends `{}` for an empty one. */
const listOf = <T>(data: T[] | null | undefined): T[] => (Array.isArray(data) ? data : []);

/**
 * The first 500 rows of a list endpoint as `{value: id, label: row[label]}`; the endpoint and its label
 * field come from `tenantChoiceLists`, so the row is read by that field's name.
 */
export async function fetchOptions(url: string, label: string): Promise<{ value: string; label: string }[]> {
  const data = await getData<Page<DeclaredRow>>(url, { params: { current: 1, size: 500 } });
  return (data.records ?? []).map((row) => ({ value: String(row.id), label: String(row[label] ?? '') }));
}

// ---- tenant

export type TenantOption = RecordOf<'/blade-system/tenant/select'>;

export async function fetchTenantSelect(): Promise<TenantOption[]> {
  return listOf(await apiGet('/blade-system/tenant/select'));
}

const TENANT_SETTING = '/blade-system/tenant/setting';
const TENANT_DATASOURCE = '/blade-system/tenant/datasource';
const TENANT_PACKAGE = '/blade-system/tenant/package-setting';

/** The tenant settings the backend's line has (BladeX's licence, data source and package). */
export const tenantSettingsOnLine = {
  setting: lineHas(TENANT_SETTING),
  datasource: lineHas(TENANT_DATASOURCE),
  package: lineHas(TENANT_PACKAGE),
};

/** The lists a tenant's data source and package are chosen from: route and label field. */
export const tenantChoiceLists = {
  datasource: { url: '/blade-develop/datasource/list', label: 'name' },
  package: { url: '/blade-system/tenant-package/list', label: 'packageName' },
} as const;

export const setTenantLicence = (ids: string, accountNumber: number, expireTime: string) =>
  apiPost(TENANT_SETTING, null, { query: { ids, accountNumber, expireTime } });

export const setTenantDatasource = (tenantId: string, datasourceId: string) =>
  apiPost(TENANT_DATASOURCE, null, { query: { tenantId, datasourceId } });

export const setTenantPackage = (tenantId: string, packageId: string) =>
  apiPost(TENANT_PACKAGE, null, { query: { tenantId, packageId } });

// ---- department, post, role

export const fetchDeptTree = (tenantId: string) => fetchTree('/blade-system/dept/tree', { tenantId });

export const fetchRoleTree = (tenantId: string) => fetchTree('/blade-system/role/tree', { tenantId });

/** The menu tree a role's data and api scopes hang under. */
export const fetchMenuTree = () => fetchTree('/blade-system/menu/tree');

export type PostOption = RecordOf<'/blade-system/post/select'>;

export async function fetchPostSelect(tenantId: string): Promise<PostOption[]> {
  return listOf(await apiGet('/blade-system/post/select', { query: { tenantId } }));
}

/** The menu, data scope and api scope trees a role may be granted, and a role's granted keys. */
export type GrantTree = DataOf<'/blade-system/menu/grant-tree'>;

export type GrantKeys = DataOf<'/blade-system/menu/role-tree-keys'>;

export const fetchGrantTree = () => apiGet('/blade-system/menu/grant-tree');

export const fetchRoleTreeKeys = (roleId: string) =>
  apiGet('/blade-system/menu/role-tree-keys', { query: { roleIds: roleId } });

export const grantRole = (roleId: string, ids: GrantKeys) =>
  apiPost('/blade-system/role/grant', {
    roleIds: [roleId],
    menuIds: ids.menu,
    dataScopeIds: ids.dataScope,
    apiScopeIds: ids.apiScope,
  });

// ---- top menu

export const fetchTopMenuGrantTree = () => apiGet('/blade-system/menu/grant-top-tree');

export const fetchTopMenuKeys = (topMenuId: string) =>
  apiGet('/blade-system/menu/top-tree-keys', { query: { topMenuIds: topMenuId } });

export const grantTopMenu = (topMenuId: string, menuIds: string[]) =>
  apiPost('/blade-system/topmenu/grant', { topMenuIds: [topMenuId], menuIds });

// ---- region

export async function fetchRegionLevel(parentCode: string) {
  return listOf(await apiGet('/blade-system/region/lazy-tree', { query: { parentCode } }));
}

export const fetchRegion = (code: string) => apiGet('/blade-system/region/detail', { query: { code } });

/** What `region/submit` takes: a new region with its parent, or a region's changed texts. */
export type RegionBody = BodyOf<'/blade-system/region/submit'>;

export const submitRegion = (body: RegionBody) => apiPost('/blade-system/region/submit', body);

export const removeRegion = (id: string) => apiPost('/blade-system/region/remove', null, { query: { id } });

// ---- user

export const grantUserRoles = (userId: string, roleIds: string[]) =>
  apiPost('/blade-user/grant', null, { query: { userIds: userId, roleIds: roleIds.join(',') } });

const USER_PLATFORM = '/blade-user/platform-detail';

/** The backend's line keeps a user's platform (user type and extension); the public one has none. */
export const userPlatformOnLine = lineHas(USER_PLATFORM);

export const fetchUserPlatform = (userId: string) => apiGet(USER_PLATFORM, { query: { id: userId } });

export const updateUserPlatform = (userId: string, userType: number, userExt: string) =>
  apiPost('/blade-user/update-platform', null, { query: { userId, userType, userExt } });

export function importUsers(file: File, covered: boolean): Promise<unknown> {
  const body = new FormData();
  body.append('file', file, file.name);
  body.append('isCovered', covered ? '1' : '0');
  // in the query string too, where Blade's own clients send it
  return apiPost('/blade-user/import-user', body, { query: { isCovered: covered ? 1 : 0 } });
}

export const resetUserPassword = (userId: string) =>
  apiPost('/blade-user/reset-password', null, { query: { userIds: userId } });

export const unlockUser = (userId: string) =>
  apiPost('/blade-user/unlock', null, { query: { userIds: userId } });

/** Approves a pending registration (status 2 → 1). */
export const approveUser = (userId: string) => apiPost('/blade-user/update', { id: userId, status: 1 });

/** The user submit with a body the user dialog builds (md5 password, post ids). */
export const submitUser = (body: BodyOf<'/blade-user/submit'>) => apiPost('/blade-user/submit', body);

// ---- switch mode

export type DeptOption = RecordOf<'/blade-system/dept/select'>;

export type RoleOption = RecordOf<'/blade-system/role/select'>;

export const fetchUserDepts = (userId: string) => apiGet('/blade-system/dept/select', { query: { userId } });

export const fetchUserRoles = (userId: string) => apiGet('/blade-system/role/select', { query: { userId } });

export const downloadUserTemplate = () => downloadFile('/blade-user/export-template', {}, 'template.xlsx');
