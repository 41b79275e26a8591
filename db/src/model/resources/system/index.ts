import type { ResourceDef } from '../../resource';
import { noticeResource } from './notice';
import { paramResource } from './param';

export { noticeResource, paramResource };

/** The platform's system resources (blade-system, blade-desk, blade-resource, blade-log, blade-develop, blade-report). */
export const systemResources: ResourceDef[] = [paramResource, noticeResource];
