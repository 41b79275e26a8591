import type { ResourceDef } from '../resource';
import { noticeResource } from './notice';
import { paramResource } from './param';

export { noticeResource, paramResource };

/** Every declared resource, by key. The server registers routes for each; the web finds pages by path. */
export const resources: Record<string, ResourceDef> = {
  [paramResource.key]: paramResource,
  [noticeResource.key]: noticeResource,
};
