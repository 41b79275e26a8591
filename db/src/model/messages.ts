import { sessionMessages } from './session-messages';
import { t, type Text } from './text';

/**
 * Server messages shared by the server and the web. Blade's own texts (CONTRACT.md,
 * springblade-notes) are the Chinese ones; the English ones are ours.
 */
export const messages = {
  success: t('操作成功', 'Operation successful'),
  noData: t('暂无承载数据', 'No data'),
  failure: t('操作失败', 'Operation failed'),
  unlimited: t('不限', 'Unlimited'),
  businessError: t('业务异常', 'Business error'),
  ...sessionMessages,
  forbidden: t('无权限', 'No permission'),
  otherTenant: t('无权操作非本租户的数据', 'You may not change data of another tenant'),
  notFound: t('404 没找到请求', '404 request not found'),
  methodNotAllowed: t('不支持当前请求方法', 'Request method not supported'),
  mediaType: t('不支持当前媒体类型', 'Media type not supported'),
  bodyTooLarge: t('请求体过大', 'Request body too large'),
  unreadable: t('消息不能读取: {detail}', 'Message cannot be read: {detail}'),
  serverError: t('服务器异常', 'Server error'),
  tooManyRequests: t('请求过于频繁,请稍后再试', 'Too many requests, please try again later'),
  paramMissing: t('缺少必要的请求参数: {name}', 'Missing required parameter: {name}'),
  paramType: t('请求参数格式错误: {name}', 'Invalid parameter format: {name}'),
  required: t('请输入{label}', 'Please enter {label}'),
  requiredSelect: t('请选择{label}', 'Please select {label}'),
  invalidValue: t('{label}格式不正确', '{label} is invalid'),
  tooLong: t('{label}长度不能超过{max}个字符', '{label} must be at most {max} characters'),
  tooSmall: t('{label}不能小于{min}', '{label} must be at least {min}'),
  tooLarge: t('{label}不能大于{max}', '{label} must be at most {max}'),
  unknownField: t('不支持的字段: {name}', 'Unknown field: {name}'),
  invalidBody: t('请求体必须是JSON对象', 'The request body must be a JSON object'),
  invalidJson: t('请求体不是合法的JSON: {detail}', 'The request body is not valid JSON: {detail}'),
  emptyJson: t('请求体为空', 'The request body is empty'),
  forbiddenKey: t('请求体包含不允许的键: {name}', 'The request body contains a forbidden key: {name}'),
  duplicate: t('{label}已存在', '{label} already exists'),
  recordNotFound: t('数据不存在或已被删除', 'The record does not exist or was deleted'),
  selectAtLeastOne: t('请选择至少一条数据', 'Please select at least one record'),
  // authentication
  badCredentials: t('用户名或密码错误', 'Wrong user name or password'),
  // the same words for an unknown tenant, an unknown account and a wrong password: the tenant named is
  // the one the user typed, so the answer tells nothing about which tenants or accounts exist
  badCredentialsInTenant: t(
    '用户名或密码错误：租户 {tenant} 中没有此账号，或密码不对',
    'Wrong user name or password: no such account in tenant {tenant}, or a wrong password',
  ),
  demoReset: t('演示数据已重置，请重新登录', 'The demo data was reset: please sign in again'),
  badCaptcha: t('验证码不正确', 'Wrong verification code'),
  unknownTenant: t('租户ID不存在', 'Tenant ID does not exist'),
  tenantExpired: t('租户已过期', 'The tenant has expired'),
  accountLimit: t('当前租户已到最大账号额度!', 'The tenant has reached its account limit!'),
  userLocked: t('用户已被锁定，请联系管理员', 'The account is locked, please contact the administrator'),
  userDisabled: t('用户已被禁用或待审核，请联系管理员', 'The account is disabled or awaiting approval'),
  badClient: t('客户端认证失败!', 'Client authentication failed!'),
  unsupportedGrant: t('不支持的授权类型: {grant}', 'Unsupported grant type: {grant}'),
  grantNotConfigured: t(
    '未配置第三方登录: {grant}',
    'Third-party sign-in is not configured on this server: {grant}',
  ),
  switchDeptRole: t('无权切换到该部门或角色', 'You may not switch to this department or role'),
} satisfies Record<string, Text>;

export type MessageKey = keyof typeof messages;
