import type { ResourceDef } from '../resource';
import { systemResources } from './system/index';
import { psiResources } from './psi/index';

export * from './system/index';
export * from './psi/index';

/** Every declared resource, by key. The server registers routes for each; the web finds pages by path. */
export const resources: Record<string, ResourceDef> = Object.fromEntries(
  [...systemResources, ...psiResources].map((r) => [r.key, r]),
);
