import { resources, type ResourceDef } from '@psi/db/model';

/**
 * The declaration behind a menu. Menu paths (`/system/param`) and API bases (`/blade-system/param`)
 * differ, but a menu's `code` is the declaration's `key` (`param`, `tenantpackage`, `log_error`...),
 * which is also the prefix of its button codes. A code that is no key may still be a declaration's
 * `permission`.
 */
export function resourceForMenu(code: string): ResourceDef | undefined {
  return resources[code] ?? Object.values(resources).find((def) => def.permission === code);
}
