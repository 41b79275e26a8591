import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang } from '@psi/db/model';
import {
  logSourceCodes,
  orderSourceCodes,
  payStatusCodes,
  PSI_DOCUMENTS,
  type CodeSet,
} from '@psi/db/model/psi/index';

/**
 * The coded columns the PSI screens show as tags, by the short name their tags carry
 * (`data-testid="status-<kind>"`). Codes, labels, colours and order come from the declarations.
 */
const CODE_SETS = {
  purchaseorder: PSI_DOCUMENTS.purchaseorder.statuses,
  purchaseorderyypt: PSI_DOCUMENTS.purchaseorderyypt.statuses,
  purchaseorderdepository: PSI_DOCUMENTS.purchaseorderdepository.statuses,
  deliveryorder: PSI_DOCUMENTS.deliveryorder.statuses,
  depositorycheck: PSI_DOCUMENTS.depositorycheck.statuses,
  pay: payStatusCodes,
  source: orderSourceCodes,
  logSource: logSourceCodes,
} satisfies Record<string, CodeSet>;

export type StatusKind = keyof typeof CODE_SETS;

const setOf = (kind: StatusKind): CodeSet => CODE_SETS[kind];

/** The tag kind of a dictionary-coded field, if the screens show it as a tag. */
export function statusKindOf(dict: string | undefined): StatusKind | undefined {
  return (Object.keys(CODE_SETS) as StatusKind[]).find((kind) => setOf(kind).dict === dict);
}

/** Status codes in the order the tabs show them (DOMAIN.md 3.1). */
export const statusCodes = (kind: StatusKind): number[] => setOf(kind).codes.map((c) => c.code);

/** Status codes per kind, in tab order. */
export const STATUS_ORDER = Object.fromEntries(
  (Object.keys(CODE_SETS) as StatusKind[]).map((kind) => [kind, statusCodes(kind)]),
) as Record<StatusKind, number[]>;

/** The language of the declarations' texts for the current i18n language. */
export function useLang(): Lang {
  const { i18n } = useTranslation();
  return i18n.language === 'en' ? 'en' : 'zh';
}

export function useStatusLabel(kind: StatusKind) {
  const lang = useLang();
  return (code: unknown) => {
    const found = setOf(kind).codes.find((c) => c.code === Number(code));
    return found ? found.label[lang] : String(code ?? '-');
  };
}

export function StatusTag({ kind, value }: { kind: StatusKind; value: unknown }) {
  const label = useStatusLabel(kind);
  if (value === undefined || value === null || value === '') return <span>-</span>;
  const code = Number(value);
  const color = setOf(kind).codes.find((c) => c.code === code)?.color ?? 'default';
  return (
    <Tag color={color} data-testid={`status-${kind}`} data-status={code}>
      {label(code)}
    </Tag>
  );
}
