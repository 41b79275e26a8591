import { useState } from 'react';
import { DownloadOutlined, SearchOutlined, WarningOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { fitColumns, fitTableProps } from '../../../components/table/fit';
import { exportList } from '../../../api/resource';
import { site } from '../../../config/site';
import { useScrollableTable } from '../../../components/useScrollableTable';
import { stockPage, type StockRow } from '../api';
import { yuan } from '../format';
import { useStatusLabel } from '../status';
import { useDepositories } from '../useDepositories';
import '../i18n';
import '../psi.css';

const THRESHOLD = 50;

/** 库存查询: current stock per depository and book, its last movement, low stock highlighted. */
export default function StockPage() {
  const { t } = useTranslation();
  const tableRef = useScrollableTable(t('psi.stock.title'));
  const sourceLabel = useStatusLabel('logSource');
  const depositories = useDepositories();
  const [filters, setFilters] = useState<{ depositoryId?: string; keyword?: string; low?: boolean }>({});
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(site.pageSize);
  const [exporting, setExporting] = useState(false);
  const { message } = App.useApp();
  const filterParams = () =>
    Object.fromEntries(
      Object.entries({
        depositoryId: filters.depositoryId,
        keyword: filters.keyword,
        low: filters.low ? 'true' : undefined,
        threshold: THRESHOLD,
      }).filter(([, v]) => v !== undefined && v !== ''),
    ) as Record<string, string | number>;
  const doExport = async () => {
    setExporting(true);
    try {
      await exportList('/blade-psi/depositorystock', filterParams(), `${t('psi.stock.title')}.xlsx`);
      void message.success(t('crud.exported'));
    } catch {
      // the client already said why
    } finally {
      setExporting(false);
    }
  };
  const query = useQuery({
    queryKey: ['psi', 'stock', filters, current, size],
    queryFn: () =>
      stockPage({
        depositoryId: filters.depositoryId,
        keyword: filters.keyword,
        low: filters.low ? 'true' : undefined,
        threshold: THRESHOLD,
        current,
        size,
      }),
    placeholderData: keepPreviousData,
  });

  const columns: TableColumnsType<StockRow> = [
    {
      title: t('psi.field.depository'),
      key: 'dep',
      render: (_v, r) => `${r.depositoryName}（${r.depositoryCode}）`,
    },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn' },
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
    { title: t('psi.field.publisher'), dataIndex: 'publisher', key: 'publisher' },
    { title: t('psi.field.price'), key: 'price', align: 'right', render: (_v, r) => yuan(r.price) },
    {
      title: t('psi.field.quantityOnHand'),
      key: 'quantity',
      align: 'right',
      render: (_v, r) =>
        r.low ? (
          <Tag color="red" icon={<WarningOutlined />} data-testid="stock-quantity" data-low="true">
            {r.quantity} · {t('psi.stock.low')}
          </Tag>
        ) : (
          <Typography.Text strong data-testid="stock-quantity">
            {r.quantity}
          </Typography.Text>
        ),
    },
    {
      title: t('psi.field.lastMove'),
      key: 'last',
      render: (_v, r) =>
        r.lastMoveTime ? (
          <Space size={4}>
            <span>{r.lastMoveTime}</span>
            <Tag>{sourceLabel(r.lastSourceType)}</Tag>
            <span>{r.lastSourceNo}</span>
            <Typography.Text type={Number(r.lastChange) < 0 ? 'danger' : 'success'}>
              {Number(r.lastChange) > 0 ? `+${String(r.lastChange)}` : String(r.lastChange)}
            </Typography.Text>
          </Space>
        ) : (
          '-'
        ),
    },
  ];

  return (
    <Card size="small" variant="borderless" title={t('psi.stock.title')} data-testid="stock-page">
      <Form
        layout="inline"
        className="psi-doc-search"
        onFinish={(values: { depositoryId?: string; keyword?: string; low?: boolean }) => {
          setFilters(values);
          setCurrent(1);
        }}
      >
        <Form.Item name="depositoryId" label={t('psi.field.depository')}>
          <Select
            allowClear
            style={{ width: 200 }}
            loading={depositories.isLoading}
            options={(depositories.data ?? []).map((d) => ({
              value: String(d.id),
              label: String(d.depositoryName),
            }))}
            data-testid="stock-depository"
          />
        </Form.Item>
        <Form.Item name="keyword" label={t('psi.field.keyword')}>
          <Input allowClear style={{ width: 220 }} data-testid="stock-keyword" />
        </Form.Item>
        <Form.Item name="low" valuePropName="checked">
          <Checkbox data-testid="stock-low">{t('psi.stock.lowOnly')}</Checkbox>
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="stock-search">
            {t('psi.common.search')}
          </Button>
        </Form.Item>
        <Form.Item>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void doExport()}
            data-testid="stock-export"
          >
            {t('psi.common.export')}
          </Button>
        </Form.Item>
      </Form>
      <Typography.Paragraph type="secondary">
        {t('psi.stock.lowHint', { threshold: THRESHOLD })}
      </Typography.Paragraph>
      <Table<StockRow>
        ref={tableRef}
        rowKey="id"
        columns={fitColumns(columns, ['dep', 'goodsName', 'isbn', 'quantity'])}
        dataSource={query.data?.records ?? []}
        loading={query.isFetching}
        rowClassName={(r) => (r.low ? 'psi-row-low' : '')}
        {...fitTableProps}
        pagination={{
          current,
          pageSize: size,
          total: query.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: site.pageSizes.map(String),
          showTotal: (total) => t('crud.total', { total }),
          onChange: (p, s) => {
            if (s !== size) {
              setSize(s);
              setCurrent(1);
            } else setCurrent(p);
          },
        }}
        data-testid="stock-table"
      />
    </Card>
  );
}
