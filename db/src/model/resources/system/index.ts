import type { ResourceDef } from '../../resource';
import { clientResource } from './client';
import { deptResource } from './dept';
import { codeResource, datasourceResource } from './develop';
import { dictBizResource, dictResource } from './dict';
import { apiLogResource, errorLogResource, reportResource, usualLogResource } from './log';
import { menuResource, topMenuResource } from './menu';
import { noticeResource } from './notice';
import { paramResource } from './param';
import { postResource } from './post';
import { regionResource } from './region';
import { attachResource, ossResource, smsResource } from './resource';
import { roleResource } from './role';
import { apiScopeResource, dataScopeResource } from './scope';
import { tenantPackageResource, tenantResource } from './tenant';
import { userResource } from './user';

export { dictKeyMessage } from './dict';
export { passwordFields, registerMessages, PHONE_PATTERN } from './user';
export {
  apiLogResource,
  apiScopeResource,
  attachResource,
  clientResource,
  codeResource,
  dataScopeResource,
  datasourceResource,
  deptResource,
  dictBizResource,
  dictResource,
  errorLogResource,
  menuResource,
  noticeResource,
  ossResource,
  paramResource,
  postResource,
  regionResource,
  reportResource,
  roleResource,
  smsResource,
  tenantPackageResource,
  tenantResource,
  topMenuResource,
  usualLogResource,
  userResource,
};

/** The platform's system resources (blade-system, blade-user, blade-desk, blade-resource, blade-log, blade-develop, blade-report). */
export const systemResources: ResourceDef[] = [
  paramResource,
  noticeResource,
  deptResource,
  postResource,
  roleResource,
  menuResource,
  topMenuResource,
  dictResource,
  dictBizResource,
  tenantResource,
  tenantPackageResource,
  clientResource,
  dataScopeResource,
  apiScopeResource,
  regionResource,
  userResource,
  ossResource,
  smsResource,
  attachResource,
  datasourceResource,
  codeResource,
  usualLogResource,
  apiLogResource,
  errorLogResource,
  reportResource,
];
