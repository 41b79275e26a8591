import { lineHas } from './lines';
import { getData, postData } from './request';
import { downloadFile, fetchTree, resourceKeys } from './resource';
import type { Page, DeclaredRow, TreeNode } from './types';

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

const listOf = <T>(data: T[] | Record<string, never>): T[] => (Array.isArray(data) ? data : []);

/** The first 500 rows of a list endpoint as `{value: id, label: row[label]}`. */
export async function fetchOptions(url: string, label: string): Promise<{ value: string; label: string }[]> {
  const data = await getData<Page<DeclaredRow>>(url, { params: { current: 1, size: 500 } });
  return (data.records ?? []).map((row) => ({ value: String(row.id), label: String(row[label] ?? '') }));
}

// ---- tenant

export interface TenantOption {
  tenantId: string;
  tenantName: string;
}

export async function fetchTenantSelect(): Promise<TenantOption[]> {
  return listOf(await getData<TenantOption[] | Record<string, never>>('/blade-system/tenant/select'));
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
  postData(TENANT_SETTING, null, { params: { ids, accountNumber, expireTime } });

export const setTenantDatasource = (tenantId: string, datasourceId: string) =>
  postData(TENANT_DATASOURCE, null, { params: { tenantId, datasourceId } });

export const setTenantPackage = (tenantId: string, packageId: string) =>
  postData(TENANT_PACKAGE, null, { params: { tenantId, packageId } });

// ---- department, post, role

export const fetchDeptTree = (tenantId: string) => fetchTree(`/blade-system/dept/tree?tenantId=${tenantId}`);

export const fetchRoleTree = (tenantId: string) => fetchTree(`/blade-system/role/tree?tenantId=${tenantId}`);

export interface PostOption {
  id: string;
  postName: string;
}

export async function fetchPostSelect(tenantId: string): Promise<PostOption[]> {
  return listOf(
    await getData<PostOption[] | Record<string, never>>('/blade-system/post/select', {
      params: { tenantId },
    }),
  );
}

/** The menu, data scope and api scope trees a role may be granted, and a role's granted keys. */
export interface GrantTree {
  menu: TreeNode[];
  dataScope: TreeNode[];
  apiScope: TreeNode[];
}

export interface GrantKeys {
  menu: string[];
  dataScope: string[];
  apiScope: string[];
}

export const fetchGrantTree = () => getData<GrantTree>('/blade-system/menu/grant-tree');

export const fetchRoleTreeKeys = (roleId: string) =>
  getData<GrantKeys>('/blade-system/menu/role-tree-keys', { params: { roleIds: roleId } });

export const grantRole = (roleId: string, ids: GrantKeys) =>
  postData('/blade-system/role/grant', {
    roleIds: [roleId],
    menuIds: ids.menu,
    dataScopeIds: ids.dataScope,
    apiScopeIds: ids.apiScope,
  });

// ---- top menu

export const fetchTopMenuGrantTree = () => getData<{ menu: TreeNode[] }>('/blade-system/menu/grant-top-tree');

export const fetchTopMenuKeys = (topMenuId: string) =>
  getData<{ menu: string[] }>('/blade-system/menu/top-tree-keys', { params: { topMenuIds: topMenuId } });

export const grantTopMenu = (topMenuId: string, menuIds: string[]) =>
  postData('/blade-system/topmenu/grant', { topMenuIds: [topMenuId], menuIds });

// ---- region

export async function fetchRegionLevel(parentCode: string): Promise<TreeNode[]> {
  return listOf(
    await getData<TreeNode[] | Record<string, never>>('/blade-system/region/lazy-tree', {
      params: { parentCode },
    }),
  );
}

export const fetchRegion = (code: string) =>
  getData<DeclaredRow | null>('/blade-system/region/detail', { params: { code } });

export const submitRegion = (body: DeclaredRow) => postData('/blade-system/region/submit', body);

export const removeRegion = (id: string) => postData('/blade-system/region/remove', null, { params: { id } });

// ---- user

export const grantUserRoles = (userId: string, roleIds: string[]) =>
  postData('/blade-user/grant', null, { params: { userIds: userId, roleIds: roleIds.join(',') } });

export interface PlatformDetail {
  userType?: number;
  userExt?: string | null;
}

const USER_PLATFORM = '/blade-user/platform-detail';

/** The backend's line keeps a user's platform (user type and extension); the public one has none. */
export const userPlatformOnLine = lineHas(USER_PLATFORM);

export const fetchUserPlatform = (userId: string) =>
  getData<PlatformDetail>(USER_PLATFORM, { params: { id: userId } });

export const updateUserPlatform = (userId: string, userType: number, userExt: string) =>
  postData('/blade-user/update-platform', null, { params: { userId, userType, userExt } });

export function importUsers(file: File, covered: boolean): Promise<unknown> {
  const body = new FormData();
  body.append('file', file, file.name);
  body.append('isCovered', covered ? '1' : '0');
  return postData('/blade-user/import-user', body, { params: { isCovered: covered ? 1 : 0 } });
}

export const resetUserPassword = (userId: string) =>
  postData('/blade-user/reset-password', null, { params: { userIds: userId } });

export const unlockUser = (userId: string) =>
  postData('/blade-user/unlock', null, { params: { userIds: userId } });

/** Approves a pending registration (status 2 → 1). */
export const approveUser = (userId: string) => postData('/blade-user/update', { id: userId, status: 1 });

/** The user submit with a body the user dialog builds (md5 password, post ids). */
export const submitUser = (body: DeclaredRow) => postData('/blade-user/submit', body);

// ---- switch mode

export interface DeptOption {
  id: string;
  deptName: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
}

export const fetchUserDepts = (userId: string) =>
  getData<DeptOption[]>('/blade-system/dept/select', { params: { userId } });

export const fetchUserRoles = (userId: string) =>
  getData<RoleOption[]>('/blade-system/role/select', { params: { userId } });

export const downloadUserTemplate = () => downloadFile('/blade-user/export-template', {}, 'template.xlsx');
