import type { BladeLine, OptionalFeature, ResourceDef } from '@psi/db/model';
import { site } from '../../config/site';
import { bladexRoutes } from './bladex';
import { springbladeRoutes } from './springblade';
import type { LineRoutes } from './types';

export type { LineRoutes } from './types';

const tables: Record<BladeLine, LineRoutes> = { bladex: bladexRoutes, springblade: springbladeRoutes };

/** The route table of a line. */
export function lineRoutesOf(line: BladeLine): LineRoutes {
  return tables[line];
}

/** The route table of the backend behind `/api`, chosen once from the served site settings. */
export const lineRoutes: LineRoutes = lineRoutesOf(site.line);

/** A path as the line names it (`/blade-user/list` → `/blade-system/user/list` on the public line). */
export function lineUrl(url: string, routes: LineRoutes = lineRoutes): string {
  for (const [from, to] of Object.entries(routes.renamed))
    if (url.startsWith(from)) return to + url.slice(from.length);
  return url;
}

/** Whether the line has a route (a path of our api modules, before renaming; query strings ignored). */
export function lineHas(url: string, routes: LineRoutes = lineRoutes): boolean {
  const path = lineUrl(url.split('?')[0] ?? url, routes);
  return !routes.absent.some((gone) => (gone.endsWith('/') ? path.startsWith(gone) : path === gone));
}

/**
 * How a declaration's screen lists its rows on the line: `lazy` (roots, then a level per expanded row),
 * or `list` (`{api}/list`: a page, or the whole forest of a tree).
 */
export function listModeOf(def: Pick<ResourceDef, 'lazy'>, routes: LineRoutes = lineRoutes): 'lazy' | 'list' {
  return def.lazy && routes.lazyLists ? 'lazy' : 'list';
}

/** Whether the backend has an optional part (PSI, flow, the bell's inbox, the demo); unlisted means present. */
export function featureOn(feature: OptionalFeature, features: ServedFeatures = site.features): boolean {
  return features[feature] !== false;
}

type ServedFeatures = Partial<Record<OptionalFeature, boolean>>;
