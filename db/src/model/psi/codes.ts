import { t, type Text } from '../text';
import { PSI_DICT, type PsiDictCode } from './dicts';

/**
 * One value of a coded column: its name in code, its label (the dictionary entry of the same key in
 * fixtures/dicts.json) and the antd preset colour of its tag.
 */
export interface CodeDef {
  name: string;
  code: number;
  label: Text;
  color: string;
}

/** The values of a coded column, in the order lists and tabs show them. */
export interface CodeSet<C extends CodeDef = CodeDef> {
  dict: PsiDictCode;
  codes: readonly C[];
}

/** `{ name: code }` of a code set, keeping each code's literal type. */
export type CodeMap<L extends readonly CodeDef[]> = { readonly [E in L[number] as E['name']]: E['code'] };

export function codeMap<const L extends readonly CodeDef[]>(codes: L): CodeMap<L> {
  return Object.fromEntries(codes.map((c) => [c.name, c.code])) as CodeMap<L>;
}

/** 扣款状态 of a 征订单/配送单. */
export const payStatusCodes = {
  dict: PSI_DICT.payStatus,
  codes: [
    { name: 'unpaid', code: 0, label: t('未扣款', 'Not charged'), color: 'default' },
    { name: 'charged', code: 1, label: t('已扣款', 'Charged'), color: 'green' },
    { name: 'refunded', code: 2, label: t('已退款', 'Refunded'), color: 'volcano' },
  ],
} as const satisfies CodeSet;

/** Where a 配送单 came from: the platform's 征订单 or a depository's direct 补订单. */
export const orderSourceCodes = {
  dict: PSI_DICT.orderSource,
  codes: [
    { name: 'platform', code: 1, label: t('平台征订', 'Platform order'), color: 'purple' },
    { name: 'direct', code: 2, label: t('直订补订', 'Direct order'), color: 'geekblue' },
  ],
} as const satisfies CodeSet;

/** The document behind a stock movement. */
export const logSourceCodes = {
  dict: PSI_DICT.logSource,
  codes: [
    { name: 'purchase', code: 1, label: t('采购入库', 'Receipt'), color: 'green' },
    { name: 'delivery', code: 2, label: t('发货出库', 'Delivery'), color: 'orange' },
    { name: 'check', code: 3, label: t('盘点调整', 'Stocktake'), color: 'purple' },
  ],
} as const satisfies CodeSet;
