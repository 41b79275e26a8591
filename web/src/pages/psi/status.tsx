import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type StatusKind =
  'purchase' | 'yypt' | 'depository' | 'delivery' | 'check' | 'pay' | 'source' | 'logSource';

/** Status codes in the order the tabs show them (DOMAIN.md 3.1). */
export const STATUS_ORDER: Record<StatusKind, number[]> = {
  purchase: [1, 2, 3, 8],
  yypt: [1, 2, 4, 3, 7, 8],
  depository: [1, 2, 4, 3, 8],
  delivery: [1, 3],
  check: [1, 3],
  pay: [0, 1, 2],
  source: [1, 2],
  logSource: [1, 2, 3],
};

const COLORS: Record<StatusKind, Record<number, string>> = {
  purchase: { 1: 'gold', 2: 'blue', 3: 'green', 8: 'red' },
  yypt: { 1: 'gold', 2: 'blue', 4: 'cyan', 3: 'green', 7: 'volcano', 8: 'red' },
  depository: { 1: 'gold', 2: 'blue', 4: 'cyan', 3: 'green', 8: 'red' },
  delivery: { 1: 'gold', 3: 'green' },
  check: { 1: 'gold', 3: 'green' },
  pay: { 0: 'default', 1: 'green', 2: 'volcano' },
  source: { 1: 'purple', 2: 'geekblue' },
  logSource: { 1: 'green', 2: 'orange', 3: 'purple' },
};

export function useStatusLabel(kind: StatusKind) {
  const { t } = useTranslation();
  return (code: unknown) => t(`psi.status.${kind}.${String(code)}`, { defaultValue: String(code ?? '-') });
}

export function StatusTag({ kind, value }: { kind: StatusKind; value: unknown }) {
  const label = useStatusLabel(kind);
  if (value === undefined || value === null || value === '') return <span>-</span>;
  const code = Number(value);
  return (
    <Tag color={COLORS[kind][code] ?? 'default'} data-testid={`status-${kind}`} data-status={code}>
      {label(code)}
    </Tag>
  );
}
