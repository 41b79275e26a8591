import type { ResourceDef } from '@psi/db/model';
import { adaptResource } from '../resource/model';

/**
 * The two lists of a dictionary declaration (spec "Dictionary screens"), adapted in the web layer:
 * - parent list (the dictionaries): code, name, sort, sealed and remark; no parent and no key (the server
 *   gives a dictionary the key -1); remark shown in the table;
 * - child list (the entries): code, name, parent (tree), key, sort, sealed, remark; the key is required;
 *   code and parent are the chosen dictionary's and cannot be edited on add or edit.
 * Both keep the declaration's dialog width (880), its messages and its date-range filter (`createTime`).
 */
export function dictScreens(def: ResourceDef): { parent: ResourceDef; child: ResourceDef } {
  const parent = adaptResource(def, {
    omit: ['parentId', 'dictKey', 'tenantId'],
    patch: { remark: { inTable: true } },
  });
  const child = adaptResource(def, {
    omit: ['tenantId'],
    patch: {
      code: { editableOnAdd: false, editableOnEdit: false, search: undefined },
      parentId: { editableOnAdd: false, editableOnEdit: false, inTable: true, search: undefined },
      dictKey: { required: true, sortable: true },
      remark: { inTable: true },
    },
  });
  return { parent, child };
}
