import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { auditColumns, datetime, int, snowflake, tenantColumn } from './columns';

const live = sql`is_deleted = 0`;

export const tenant = sqliteTable(
  'blade_tenant',
  {
    id: snowflake('id').primaryKey(),
    tenantId: text('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    domain: text('domain'),
    backgroundUrl: text('background_url'),
    linkman: text('linkman'),
    contactNumber: text('contact_number'),
    address: text('address'),
    /** -1 means unlimited */
    accountNumber: int('account_number').notNull().default(-1),
    expireTime: datetime('expire_time'),
    packageId: snowflake('package_id'),
    datasourceId: snowflake('datasource_id'),
    licenseKey: text('license_key'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uk_tenant_id').on(t.tenantId).where(live)],
);

export const tenantPackage = sqliteTable('blade_tenant_package', {
  id: snowflake('id').primaryKey(),
  packageName: text('package_name').notNull(),
  /** comma-joined menu ids, as BladeX stores them */
  menuId: text('menu_id').notNull().default(''),
  remark: text('remark'),
  ...auditColumns(),
});

export const user = sqliteTable(
  'blade_user',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    code: text('code'),
    /** 1 web, 2 app, 3 other (BladeX user types) */
    userType: int('user_type').notNull().default(1),
    account: text('account').notNull(),
    /** argon2id of the md5 hex the client sends; never serialised */
    password: text('password').notNull(),
    name: text('name'),
    realName: text('real_name'),
    avatar: text('avatar'),
    email: text('email'),
    phone: text('phone'),
    birthday: datetime('birthday'),
    sex: int('sex'),
    roleId: text('role_id').notNull().default(''),
    deptId: text('dept_id').notNull().default(''),
    postId: text('post_id').notNull().default(''),
    /** platform-specific extension (JSON text) for update-platform */
    userExt: text('user_ext'),
    ...auditColumns(),
  },
  (t) => [
    uniqueIndex('uk_user_account').on(t.tenantId, t.account).where(live),
    index('idx_user_tenant').on(t.tenantId, t.isDeleted),
  ],
);

export const userOauth = sqliteTable('blade_user_oauth', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  uuid: text('uuid'),
  userId: snowflake('user_id'),
  username: text('username'),
  nickname: text('nickname'),
  avatar: text('avatar'),
  blog: text('blog'),
  company: text('company'),
  location: text('location'),
  email: text('email'),
  remark: text('remark'),
  gender: text('gender'),
  source: text('source'),
});

export const dept = sqliteTable(
  'blade_dept',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    parentId: snowflake('parent_id').notNull().default('0'),
    ancestors: text('ancestors').notNull().default('0'),
    deptCategory: int('dept_category').notNull().default(1),
    deptName: text('dept_name').notNull(),
    fullName: text('full_name'),
    sort: int('sort').notNull().default(1),
    remark: text('remark'),
    ...auditColumns(),
  },
  (t) => [index('idx_dept_parent').on(t.parentId)],
);

export const post = sqliteTable('blade_post', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  category: int('category').notNull().default(1),
  postCode: text('post_code').notNull(),
  postName: text('post_name').notNull(),
  sort: int('sort').notNull().default(1),
  remark: text('remark'),
  ...auditColumns(),
});

export const role = sqliteTable('blade_role', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  parentId: snowflake('parent_id').notNull().default('0'),
  roleName: text('role_name').notNull(),
  sort: int('sort').notNull().default(1),
  roleAlias: text('role_alias').notNull(),
  ...auditColumns(),
});

export const roleMenu = sqliteTable(
  'blade_role_menu',
  {
    id: snowflake('id').primaryKey(),
    menuId: snowflake('menu_id').notNull(),
    roleId: snowflake('role_id').notNull(),
  },
  (t) => [index('idx_role_menu_role').on(t.roleId)],
);

export const roleScope = sqliteTable(
  'blade_role_scope',
  {
    id: snowflake('id').primaryKey(),
    /** 1 data scope, 2 api scope */
    scopeCategory: int('scope_category').notNull(),
    scopeId: snowflake('scope_id').notNull(),
    roleId: snowflake('role_id').notNull(),
  },
  (t) => [index('idx_role_scope_role').on(t.roleId)],
);

export const menu = sqliteTable(
  'blade_menu',
  {
    id: snowflake('id').primaryKey(),
    parentId: snowflake('parent_id').notNull().default('0'),
    code: text('code').notNull(),
    name: text('name').notNull(),
    /** the English name shown to users who chose English (Blade has only `name`; an extra column) */
    nameEn: text('name_en'),
    alias: text('alias').notNull().default('menu'),
    path: text('path'),
    source: text('source'),
    sort: int('sort').notNull().default(1),
    /** 1 menu, 2 button */
    category: int('category').notNull().default(1),
    /** 0 none, 1 toolbar, 2 row, 3 both */
    action: int('action').notNull().default(0),
    /** 1 in place, 2 new window */
    isOpen: int('is_open').notNull().default(1),
    remark: text('remark'),
    ...auditColumns(),
  },
  (t) => [index('idx_menu_parent').on(t.parentId), uniqueIndex('uk_menu_code').on(t.code).where(live)],
);

export const topMenu = sqliteTable('blade_top_menu', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  nameEn: text('name_en'),
  source: text('source'),
  path: text('path'),
  sort: int('sort').notNull().default(1),
  ...auditColumns(),
});

export const topMenuSetting = sqliteTable('blade_top_menu_setting', {
  id: snowflake('id').primaryKey(),
  topMenuId: snowflake('top_menu_id').notNull(),
  menuId: snowflake('menu_id').notNull(),
});

const dictColumns = () => ({
  id: snowflake('id').primaryKey(),
  parentId: snowflake('parent_id').notNull().default('0'),
  code: text('code').notNull(),
  dictKey: text('dict_key').notNull().default('-1'),
  dictValue: text('dict_value').notNull(),
  /** the English label shown to users who chose English (Blade has only `dictValue`; an extra column) */
  dictValueEn: text('dict_value_en'),
  sort: int('sort').notNull().default(1),
  remark: text('remark'),
  isSealed: int('is_sealed').notNull().default(0),
  ...auditColumns(),
});

export const dict = sqliteTable('blade_dict', dictColumns(), (t) => [
  index('idx_dict_code').on(t.code, t.parentId),
]);

export const dictBiz = sqliteTable('blade_dict_biz', { ...dictColumns(), tenantId: tenantColumn() }, (t) => [
  index('idx_dict_biz_code').on(t.tenantId, t.code, t.parentId),
]);

export const param = sqliteTable(
  'blade_param',
  {
    id: snowflake('id').primaryKey(),
    paramName: text('param_name').notNull(),
    paramKey: text('param_key').notNull(),
    paramValue: text('param_value').notNull(),
    remark: text('remark'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uk_param_key').on(t.paramKey).where(live)],
);

export const region = sqliteTable(
  'blade_region',
  {
    code: text('code').primaryKey(),
    parentCode: text('parent_code').notNull().default('00'),
    ancestors: text('ancestors'),
    name: text('name').notNull(),
    provinceCode: text('province_code'),
    provinceName: text('province_name'),
    cityCode: text('city_code'),
    cityName: text('city_name'),
    districtCode: text('district_code'),
    districtName: text('district_name'),
    townCode: text('town_code'),
    townName: text('town_name'),
    villageCode: text('village_code'),
    villageName: text('village_name'),
    level: int('level').notNull().default(1),
    sort: int('sort').notNull().default(1),
    remark: text('remark'),
  },
  (t) => [index('idx_region_parent').on(t.parentCode)],
);

export const scopeData = sqliteTable('blade_scope_data', {
  id: snowflake('id').primaryKey(),
  menuId: snowflake('menu_id').notNull(),
  resourceCode: text('resource_code').notNull(),
  scopeName: text('scope_name').notNull(),
  scopeField: text('scope_field'),
  scopeClass: text('scope_class'),
  scopeColumn: text('scope_column'),
  /** 1 all, 2 own, 3 own dept, 4 own dept and below, 5 custom */
  scopeType: int('scope_type').notNull().default(1),
  scopeValue: text('scope_value'),
  remark: text('remark'),
  ...auditColumns(),
});

export const scopeApi = sqliteTable('blade_scope_api', {
  id: snowflake('id').primaryKey(),
  menuId: snowflake('menu_id').notNull(),
  resourceCode: text('resource_code').notNull(),
  scopeName: text('scope_name').notNull(),
  scopePath: text('scope_path').notNull(),
  scopeType: int('scope_type').notNull().default(1),
  remark: text('remark'),
  ...auditColumns(),
});

export const client = sqliteTable(
  'blade_client',
  {
    id: snowflake('id').primaryKey(),
    clientId: text('client_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    resourceIds: text('resource_ids'),
    scope: text('scope').notNull().default('all'),
    authorizedGrantTypes: text('authorized_grant_types').notNull(),
    webServerRedirectUri: text('web_server_redirect_uri'),
    authorities: text('authorities'),
    accessTokenValidity: int('access_token_validity').notNull().default(3600),
    refreshTokenValidity: int('refresh_token_validity').notNull().default(604800),
    additionalInformation: text('additional_information'),
    autoapprove: text('autoapprove'),
    ...auditColumns(),
  },
  (t) => [uniqueIndex('uk_client_id').on(t.clientId).where(live)],
);

export const notice = sqliteTable(
  'blade_notice',
  {
    id: snowflake('id').primaryKey(),
    tenantId: tenantColumn(),
    title: text('title').notNull(),
    category: int('category').notNull(),
    releaseTime: datetime('release_time'),
    content: text('content'),
    ...auditColumns(),
  },
  (t) => [index('idx_notice_tenant').on(t.tenantId, t.isDeleted, t.createTime)],
);

export const oss = sqliteTable('blade_oss', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  /** 1 local disk, 2 minio, 3 qiniu, 4 ali, 5 tencent */
  category: int('category').notNull().default(1),
  ossCode: text('oss_code').notNull(),
  endpoint: text('endpoint'),
  accessKey: text('access_key'),
  secretKey: text('secret_key'),
  bucketName: text('bucket_name'),
  appId: text('app_id'),
  region: text('region'),
  remark: text('remark'),
  ...auditColumns(),
});

export const sms = sqliteTable('blade_sms', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  category: int('category').notNull().default(1),
  smsCode: text('sms_code').notNull(),
  templateId: text('template_id'),
  accessKey: text('access_key'),
  secretKey: text('secret_key'),
  regionId: text('region_id'),
  signName: text('sign_name'),
  remark: text('remark'),
  ...auditColumns(),
});

/** Messages "sent" through a configuration: there is no real SMS gateway, so they are recorded. */
export const smsRecord = sqliteTable('blade_sms_record', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  smsCode: text('sms_code').notNull(),
  phones: text('phones').notNull(),
  params: text('params'),
  content: text('content'),
  ...auditColumns(),
});

export const attach = sqliteTable('blade_attach', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  link: text('link').notNull(),
  domain: text('domain'),
  name: text('name').notNull(),
  originalName: text('original_name').notNull(),
  extension: text('extension'),
  attachSize: int('attach_size').notNull().default(0),
  ...auditColumns(),
});

export const datasource = sqliteTable('blade_datasource', {
  id: snowflake('id').primaryKey(),
  name: text('name').notNull(),
  driverClass: text('driver_class').notNull(),
  url: text('url').notNull(),
  username: text('username'),
  password: text('password'),
  remark: text('remark'),
  ...auditColumns(),
});

export const code = sqliteTable('blade_code', {
  id: snowflake('id').primaryKey(),
  datasourceId: snowflake('datasource_id'),
  serviceName: text('service_name'),
  codeName: text('code_name').notNull(),
  tableName: text('table_name').notNull(),
  tablePrefix: text('table_prefix'),
  pkName: text('pk_name'),
  packageName: text('package_name'),
  baseMode: int('base_mode').notNull().default(1),
  wrapMode: int('wrap_mode').notNull().default(1),
  apiPath: text('api_path'),
  webPath: text('web_path'),
  ...auditColumns(),
});

export const reportFile = sqliteTable('blade_report_file', {
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  name: text('name').notNull(),
  /** JSON: the saved list query and its columns */
  content: text('content'),
  ...auditColumns(),
});

const logBase = () => ({
  id: snowflake('id').primaryKey(),
  tenantId: tenantColumn(),
  serviceId: text('service_id'),
  serverHost: text('server_host'),
  serverIp: text('server_ip'),
  env: text('env'),
  method: text('method'),
  requestUri: text('request_uri'),
  userAgent: text('user_agent'),
  remoteIp: text('remote_ip'),
  methodClass: text('method_class'),
  methodName: text('method_name'),
  params: text('params'),
  time: text('time'),
  createBy: text('create_by'),
  createTime: datetime('create_time'),
});

export const logApi = sqliteTable(
  'blade_log_api',
  { ...logBase(), type: text('type').notNull().default('1'), title: text('title').notNull().default('') },
  (t) => [index('idx_log_api_time').on(t.tenantId, t.createTime)],
);

export const logError = sqliteTable(
  'blade_log_error',
  {
    ...logBase(),
    stackTrace: text('stack_trace'),
    exceptionName: text('exception_name'),
    message: text('message'),
    lineNumber: int('line_number'),
    fileName: text('file_name'),
  },
  (t) => [index('idx_log_error_time').on(t.tenantId, t.createTime)],
);

export const logUsual = sqliteTable(
  'blade_log_usual',
  { ...logBase(), logLevel: text('log_level'), logId: text('log_id'), logData: text('log_data') },
  (t) => [index('idx_log_usual_time').on(t.tenantId, t.createTime)],
);

/** Issued refresh tokens, so that a refresh rotates and a logout revokes. */
export const refreshToken = sqliteTable(
  'blade_refresh_token',
  {
    jti: text('jti').primaryKey(),
    userId: snowflake('user_id').notNull(),
    tenantId: text('tenant_id').notNull(),
    clientId: text('client_id').notNull(),
    expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
    revoked: int('revoked').notNull().default(0),
    createTime: datetime('create_time'),
    /** The sign-in this token belongs to: every refresh of one sign-in shares it (reuse revokes them all). */
    sessionId: text('session_id'),
  },
  (t) => [index('idx_refresh_user').on(t.userId), index('idx_refresh_session').on(t.sessionId)],
);

/**
 * Access generations: a per-user (`u:<id>`) counter that triggers bump when the user is disabled,
 * locked, removed, changes password or roles; tokens carry the generation they were issued under and
 * an older one is refused. A tenant row (`t:<tenantId>`) is bumped when the tenant's status or expiry
 * changes, so the server reloads it. `seq` orders the changes for the in-memory copy.
 */
export const accessGeneration = sqliteTable(
  'blade_access_generation',
  {
    subject: text('subject').primaryKey(),
    generation: int('generation').notNull().default(0),
    seq: int('seq').notNull(),
  },
  (t) => [index('idx_access_generation_seq').on(t.seq)],
);

/** Revoked token or sign-in ids (a logged-out access token, a refresh chain caught being reused). */
export const tokenRevocation = sqliteTable('blade_token_revocation', {
  tokenId: text('token_id').primaryKey(),
  expiresAt: integer('expires_at', { mode: 'number' }).notNull(),
});

/** Failed sign-ins per tenant and account: 5 within 30 minutes lock the account. */
export const loginFailure = sqliteTable(
  'blade_login_failure',
  {
    tenantId: text('tenant_id').notNull(),
    account: text('account').notNull(),
    failCount: int('fail_count').notNull().default(0),
    firstFailAt: integer('first_fail_at', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.account] })],
);
