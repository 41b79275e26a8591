import { useEffect, useRef, useState } from 'react';
import { Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { page, type DeclaredRow, psiRoutes } from '../../api/psi';
import { yuan } from './format';

interface GoodsSelectProps {
  onPick: (goods: DeclaredRow) => void;
  disabled?: boolean;
}

/** Picks a book by ISBN (digits, hyphens allowed) or by title; only books on sale are offered. */
export function GoodsSelect({ onPick, disabled }: GoodsSelectProps) {
  const { t } = useTranslation();
  const [options, setOptions] = useState<DeclaredRow[]>([]);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const seq = useRef(0);

  const run = (text: string) => {
    const term = text.trim();
    const mine = ++seq.current;
    setLoading(true);
    const byIsbn = /^[\d-\s]+$/.test(term) && term.length > 0;
    page(psiRoutes.goodsinfoList, {
      status: 1,
      size: 20,
      ...(byIsbn ? { isbn: term.replace(/[-\s]/g, '') } : term ? { goodsName: term } : {}),
    })
      .then((result) => {
        if (mine === seq.current) setOptions(result.records);
      })
      .catch(() => undefined)
      .finally(() => {
        if (mine === seq.current) setLoading(false);
      });
  };

  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  return (
    <Select
      showSearch={{
        filterOption: false,
        onSearch: (text) => {
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => run(text), 250);
        },
      }}
      value={null}
      disabled={disabled}
      placeholder={t('psi.goodsPicker.placeholder')}
      notFoundContent={loading ? t('psi.common.loading') : t('psi.goodsPicker.empty')}
      loading={loading}
      style={{ width: '100%' }}
      onOpenChange={(open) => {
        if (open && options.length === 0) run('');
      }}
      onChange={(value: string) => {
        const goods = options.find((o) => o.id === value);
        if (goods) onPick(goods);
      }}
      options={options.map((o) => ({
        value: String(o.id),
        label: (
          <Space size={6} wrap={false}>
            <Typography.Text strong>{String(o.goodsName)}</Typography.Text>
            <Typography.Text type="secondary">{String(o.isbn)}</Typography.Text>
            <Tag>{String(o.edition ?? '')}</Tag>
            <span>{yuan(o.price)}</span>
          </Space>
        ),
      }))}
      data-testid="goods-select"
    />
  );
}
