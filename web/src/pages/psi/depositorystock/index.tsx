import { SearchOutlined, WarningOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { fitTableProps, useFitColumns } from '../../../components/table/fit';
import { TableSettings } from '../../../components/table/TableSettings';
import { ExportButton } from '../../../components/ExportButton';
import { useExporter } from '../../../hooks/export';
import { useScrollableTable } from '../../../components/useScrollableTable';
import { exportPsiList, psiKeys, stockPage, type Params, type StockRow } from '../../../api/psi';
import { yuan } from '../format';
import { useStatusLabel } from '../status';
import { DepositorySelect } from '../DepositorySelect';
import { usePagedList } from '../../../hooks/usePagedList';
import '../../../i18n/psi';
import '../psi.css';

const THRESHOLD = 50;
/** The columns that name a row: shown first, unscrolled. */
const STOCK_KEYS = ['dep', 'goodsName', 'isbn', 'quantity'];

interface StockFilters {
  depositoryId?: string;
  keyword?: string;
  low?: boolean;
}

/** The query of the search bar's filters, as the list and the export send them. */
const stockParams = (filters: StockFilters): Params =>
  Object.fromEntries(
    Object.entries({
      depositoryId: filters.depositoryId,
      keyword: filters.keyword,
      low: filters.low ? 'true' : undefined,
    }).filter(([, v]) => v !== undefined && v !== ''),
  );

function useStockColumns(): TableColumnsType<StockRow> {
  const { t } = useTranslation();
  const sourceLabel = useStatusLabel('logSource');
  return [
    {
      title: t('psi.field.depository'),
      key: 'dep',
      render: (_v, r) => `${r.depositoryName}（${r.depositoryCode}）`,
    },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn' },
    // the publisher under the title, as the order lines have it: the list fits 1366 px unscrolled
    {
      title: t('psi.field.goodsName'),
      key: 'goodsName',
      render: (_v, r) => (
        <div className="psi-line-title">
          <span>{r.goodsName}</span>
          {r.publisher && (
            <Typography.Text type="secondary" className="psi-line-title__publisher">
              {r.publisher}
            </Typography.Text>
          )}
        </div>
      ),
    },
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
          // the time over the movement: two short lines rather than one wide one
          <div className="psi-line-title">
            <span>{r.lastMoveTime}</span>
            <Space size={4}>
              <Tag>{sourceLabel(r.lastSourceType)}</Tag>
              <span>{r.lastSourceNo}</span>
              <Typography.Text type={Number(r.lastChange) < 0 ? 'danger' : 'success'}>
                {Number(r.lastChange) > 0 ? `+${String(r.lastChange)}` : String(r.lastChange)}
              </Typography.Text>
            </Space>
          </div>
        ) : (
          '-'
        ),
    },
  ];
}

/** The search bar: depository, keyword, low stock only; search and export. */
function StockSearch({ filtered, onSearch }: { filtered: Params; onSearch: (values: StockFilters) => void }) {
  const { t } = useTranslation();
  const exporter = useExporter();
  return (
    <Form layout="inline" className="psi-doc-search" onFinish={onSearch}>
      <Form.Item name="depositoryId" label={t('psi.field.depository')}>
        <DepositorySelect data-testid="stock-depository" />
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
        <ExportButton
          exporting={exporter.exporting}
          onClick={() =>
            void exporter.run(() => exportPsiList('depositorystock', filtered, t('psi.stock.title')))
          }
          testId="stock-export"
        >
          {t('psi.common.export')}
        </ExportButton>
      </Form.Item>
    </Form>
  );
}

/** 库存查询: current stock per depository and book, its last movement, low stock highlighted. */
export default function StockPage() {
  const { t } = useTranslation();
  const tableRef = useScrollableTable(t('psi.stock.title'));
  const { columns, settings } = useFitColumns('depositorystock', useStockColumns(), STOCK_KEYS);
  const list = usePagedList<Awaited<ReturnType<typeof stockPage>>>({
    queryKey: (params) => psiKeys.stock([params]),
    fetch: stockPage,
    fixed: { threshold: THRESHOLD },
  });

  return (
    <Card size="small" variant="borderless" title={t('psi.stock.title')} data-testid="stock-page">
      <StockSearch filtered={list.filtered} onSearch={(values) => list.search(stockParams(values))} />
      <div className="psi-doc-toolbar">
        <Typography.Text type="secondary">{t('psi.stock.lowHint', { threshold: THRESHOLD })}</Typography.Text>
        <TableSettings {...settings} />
      </div>
      <Table<StockRow>
        ref={tableRef}
        rowKey="id"
        columns={columns}
        size={settings.prefs.density}
        dataSource={list.records}
        loading={list.fetching}
        rowClassName={(r) => (r.low ? 'psi-row-low' : '')}
        {...fitTableProps}
        pagination={list.pagination}
        data-testid="stock-table"
      />
    </Card>
  );
}
