import { useMemo, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Card,
  Col,
  Empty,
  List,
  Progress,
  Row as GridRow,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import {
  homeFiguresQuery,
  type Counts,
  type StockRow,
  type Summary,
  type TenantFigures,
} from '../../../api/psi';
import { useMySchool } from '../../../hooks/psi-session';
import { site } from '../../../config/site';
import { yuan } from '../format';
import { StatusTag, STATUS_ORDER, useStatusLabel, type StatusKind } from '../status';
import { Chart } from './Chart';
import '../../../i18n/psi';
import '../psi.css';

/** "Today" when the figures are today's, else the latest day that had movements (the server says which). */
function MovesTitle({ day }: { day?: string }) {
  const { t } = useTranslation();
  return day && day !== dayjs().format('YYYY-MM-DD')
    ? t('psi.home.latestMoves', { day })
    : t('psi.home.todayMoves');
}

interface StatProps {
  title: string;
  value: number | string;
  to?: string;
  testId: string;
  suffix?: string;
}

function Stat({ title, value, to, testId, suffix }: StatProps) {
  const body = <Statistic title={title} value={value} suffix={suffix} />;
  return (
    <Card size="small" hoverable={Boolean(to)} data-testid={testId}>
      {to ? <Link to={to}>{body}</Link> : body}
    </Card>
  );
}

/** A chart with nothing to draw says so in words, in the chart's place (no grey ring, no empty axes). */
function NoChartData({ text, testId }: { text: string; testId: string }) {
  return (
    <div className="psi-chart psi-chart--empty" data-testid={testId} data-empty="true">
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />
    </div>
  );
}

/** The doughnut of documents per status: each slice and legend entry with its count. */
function StatusPie({
  counts,
  kind,
  testId,
  empty,
}: {
  counts: Counts;
  kind: StatusKind;
  testId: string;
  empty?: string;
}) {
  const label = useStatusLabel(kind);
  const { t, i18n } = useTranslation();
  const data = useMemo(
    () =>
      STATUS_ORDER[kind]
        .map((code) => ({ name: label(code), value: counts[String(code)] ?? 0 }))
        .filter((d) => d.value > 0),
    // the labels follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [counts, kind, i18n.language],
  );
  const option = useMemo(() => {
    const count = new Map(data.map((d) => [d.name, d.value]));
    return {
      tooltip: { trigger: 'item', formatter: '{b}: {c} ({d}%)' },
      legend: { bottom: 0, formatter: (name: string) => `${name} ${count.get(name) ?? 0}` },
      series: [
        {
          type: 'pie',
          // above the legend, which may take two rows: the outer labels must not reach it
          center: ['50%', '42%'],
          radius: ['34%', '58%'],
          label: { formatter: '{b} {c}' },
          data,
        },
      ],
    };
  }, [data]);
  if (data.length === 0) return <NoChartData text={empty ?? t('psi.home.noOrders')} testId={testId} />;
  return <Chart option={option} testId={testId} />;
}

function WeeklyBars({
  weekly,
  testId,
  empty,
}: {
  weekly: NonNullable<Summary['weekly']>;
  testId: string;
  empty?: string;
}) {
  const { t, i18n } = useTranslation();
  const option = useMemo(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { bottom: 0 },
      grid: { left: 48, right: 56, top: 24, bottom: 48 },
      xAxis: { type: 'category', data: weekly.map((w) => w.week.slice(5)) },
      // whole orders and whole yuan: no 0.2 steps
      yAxis: [
        { type: 'value', name: t('psi.home.orders'), minInterval: 1 },
        { type: 'value', name: t('psi.home.amount'), minInterval: 1 },
      ],
      series: [
        { name: t('psi.home.orders'), type: 'bar', data: weekly.map((w) => w.orders) },
        {
          name: t('psi.home.amount'),
          type: 'line',
          yAxisIndex: 1,
          data: weekly.map((w) => Number(w.amount)),
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [weekly, i18n.language],
  );
  if (!weekly.some((w) => w.orders > 0))
    return <NoChartData text={empty ?? t('psi.home.noWeekly')} testId={testId} />;
  return <Chart option={option} testId={testId} />;
}

function LowStock({ low }: { low: NonNullable<Summary['lowStock']> }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      title={t('psi.home.lowStockTitle', { threshold: low.threshold })}
      extra={<Link to="/psi/depositorystock/index">{t('psi.home.goto')}</Link>}
      data-testid="home-low-stock"
    >
      {low.records.length === 0 ? (
        <Empty description={t('psi.home.noData')} />
      ) : (
        <Table<StockRow>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={low.records}
          columns={[
            { title: t('psi.field.depository'), dataIndex: 'depositoryName', key: 'd' },
            { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'g' },
            {
              title: t('psi.field.quantityOnHand'),
              key: 'q',
              align: 'right',
              render: (_v, r) => <Tag color="red">{r.quantity}</Tag>,
            },
          ]}
        />
      )}
    </Card>
  );
}

/**
 * The home of a staff role (platform, depository): its figure cards (`stats`) and the low-stock card,
 * a status pie and the weekly bars, and the low-stock table.
 */
function StaffHome({
  testId,
  data,
  stats,
  extra,
  status,
  weekTitle,
  empty,
}: {
  testId: string;
  data: Summary;
  stats: StatProps[];
  /** A card after the figure cards, before the low-stock one. */
  extra?: ReactNode;
  status: { title: string; counts: Counts; kind: StatusKind };
  weekTitle: string;
  /** What the charts say with nothing to draw (default: no 征订单). */
  empty?: { status: string; weekly: string };
}) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid={testId}>
      <div className="psi-stat-grid">
        {stats.map((stat) => (
          <Stat key={stat.testId} {...stat} />
        ))}
        {extra}
        <Stat
          title={t('psi.home.lowStock')}
          value={data.lowStock?.total ?? 0}
          to="/psi/depositorystock/index"
          testId="home-low-count"
        />
      </div>
      <GridRow gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={status.title}>
            <StatusPie
              counts={status.counts}
              kind={status.kind}
              testId="chart-status"
              empty={empty?.status}
            />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={weekTitle}>
            <WeeklyBars weekly={data.weekly ?? []} testId="chart-week" empty={empty?.weekly} />
          </Card>
        </Col>
      </GridRow>
      {data.lowStock && <LowStock low={data.lowStock} />}
    </Space>
  );
}

/** A figure card linking to the list it counts. */
const stat = (title: string, value: number, to: string, testId: string): StatProps => ({
  title,
  value,
  to,
  testId,
});

function PlatformHome({ data }: { data: Summary }) {
  const { t } = useTranslation();
  const y = data.yyptStatus ?? {};
  const p = data.purchaseStatus ?? {};
  return (
    <StaffHome
      testId="home-platform"
      data={data}
      status={{ title: t('psi.home.byStatus'), counts: y, kind: 'purchaseorderyypt' }}
      weekTitle={t('psi.home.byWeek')}
      stats={[
        stat(t('psi.home.pendingAudit'), y['1'] ?? 0, '/psi/purchaseorderyypt/index', 'home-pending-audit'),
        stat(t('psi.home.pendingPurchase'), p['1'] ?? 0, '/psi/purchaseorder/index', 'home-pending-purchase'),
        stat(t('psi.home.awaitingStorage'), p['2'] ?? 0, '/psi/purchaseorder/index', 'home-awaiting-storage'),
      ]}
      extra={
        <Card size="small" data-testid="home-today">
          <Statistic title={<MovesTitle day={data.today?.day} />} value={data.today?.rows ?? 0} />
          <Typography.Text type="secondary">
            {t('psi.home.todayMovesDetail', {
              in: data.today?.inQuantity ?? 0,
              out: data.today?.outQuantity ?? 0,
            })}
          </Typography.Text>
        </Card>
      }
    />
  );
}

function DepositoryHome({ data }: { data: Summary }) {
  const { t } = useTranslation();
  const d = data.depositoryOrderStatus ?? {};
  const v = data.deliveryStatus ?? {};
  const pods = '/psi/purchaseorderdepository/index';
  return (
    <StaffHome
      testId="home-depository"
      data={data}
      status={{ title: t('psi.purchaseorderdepository.title'), counts: d, kind: 'purchaseorderdepository' }}
      weekTitle={t('psi.home.byWeekDepository')}
      empty={{ status: t('psi.home.noPods'), weekly: t('psi.home.noWeeklyPods') }}
      stats={[
        stat(t('psi.home.inbox'), d['1'] ?? 0, pods, 'home-inbox'),
        stat(t('psi.home.toDeliver'), (d['2'] ?? 0) + (d['4'] ?? 0), pods, 'home-to-deliver'),
        stat(t('psi.home.pendingShip'), v['1'] ?? 0, '/psi/deliveryorder/index', 'home-pending-ship'),
        stat(
          t('psi.home.awaitingStorage'),
          data.purchaseStatus?.['2'] ?? 0,
          '/psi/purchaseorder/index',
          'home-awaiting-storage',
        ),
        stat(
          t('psi.home.openChecks'),
          data.checkStatus?.['1'] ?? 0,
          '/psi/depositorycheck/index',
          'home-open-checks',
        ),
        {
          title: t('psi.home.stockHeld'),
          value: data.stock?.quantity ?? 0,
          suffix: t('psi.home.stockTitles', { count: data.stock?.titles ?? 0 }),
          to: '/psi/depositorystock/index',
          testId: 'home-stock',
        },
      ]}
    />
  );
}

type SchoolOrder = NonNullable<Summary['orders']>[number];

/** One order of the school: number, status, payment, amount and how much has been delivered. */
function SchoolOrderItem({ order: o }: { order: SchoolOrder }) {
  const { t } = useTranslation();
  const progress = t('psi.home.progress', { delivered: o.deliveredQuantity, total: o.totalQuantity });
  return (
    <List.Item>
      <Space orientation="vertical" size={2} style={{ width: '100%' }}>
        <Space wrap>
          <Link to={`/psi/order_s/index?id=${o.id}`}>{o.orderNo}</Link>
          <StatusTag kind="purchaseorderyypt" value={o.orderStatus} />
          <StatusTag kind="pay" value={o.payStatus} />
          <span>{yuan(o.totalAmount)}</span>
        </Space>
        <Progress
          percent={o.totalQuantity ? Math.round((o.deliveredQuantity / o.totalQuantity) * 100) : 0}
          size="small"
          aria-label={progress}
          format={() => progress}
        />
      </Space>
    </List.Item>
  );
}

function SchoolHome({ data }: { data: Summary }) {
  const { t } = useTranslation();
  const mine = useMySchool().data;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="home-school">
      <GridRow gutter={[16, 16]}>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('psi.home.mySchool')} data-testid="my-school">
            {mine ? (
              <Space orientation="vertical">
                <Typography.Text strong>{mine.schoolName}</Typography.Text>
                <Typography.Text type="secondary">
                  {mine.schoolCode} · {mine.regionName ?? ''}
                </Typography.Text>
                <Statistic
                  title={t('psi.home.balance')}
                  value={yuan(mine.accountBalance)}
                  valueStyle={{ color: '#1677ff' }}
                  data-testid="my-balance"
                />
              </Space>
            ) : (
              <Empty description={t('psi.home.noSchool')} />
            )}
          </Card>
        </Col>
        <Col xs={24} lg={16}>
          <Card
            size="small"
            title={t('psi.home.myOrders')}
            extra={<Link to="/psi/order_s/index">{t('psi.home.goto')}</Link>}
            data-testid="my-orders"
          >
            <List
              dataSource={data.orders ?? []}
              locale={{ emptyText: t('psi.home.noData') }}
              renderItem={(o) => <SchoolOrderItem order={o} />}
            />
          </Card>
        </Col>
      </GridRow>
      <Card size="small" title={t('psi.home.byStatus')}>
        <StatusPie counts={data.yyptStatus ?? {}} kind="purchaseorderyypt" testId="chart-status" />
      </Card>
    </Space>
  );
}

/**
 * The platform owner's home (super-admin of 000000, whose own tenant orders no books): every tenant's
 * figures, their orders by status and per week, and one row per tenant.
 */
function TenantsHome({ data }: { data: Summary }) {
  const { t } = useTranslation();
  const tenants = data.tenants ?? [];
  const total = (pick: (row: TenantFigures) => number) => tenants.reduce((sum, row) => sum + pick(row), 0);
  const tenantList = '/system/tenant/index';
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="home-tenants">
      <div className="psi-stat-grid">
        <Stat
          title={t('psi.home.tenants')}
          value={tenants.length}
          to={tenantList}
          testId="home-tenant-count"
        />
        <Stat title={t('psi.home.schools')} value={total((row) => row.schools)} testId="home-school-count" />
        <Stat title={t('psi.home.allOrders')} value={total((row) => row.orders)} testId="home-order-count" />
        <Stat
          title={t('psi.home.pendingAudit')}
          value={total((row) => row.pendingAudit)}
          testId="home-pending-audit"
        />
      </div>
      <GridRow gutter={[16, 16]}>
        <Col xs={24} lg={10}>
          <Card size="small" title={t('psi.home.byStatus')}>
            <StatusPie counts={data.yyptStatus ?? {}} kind="purchaseorderyypt" testId="chart-status" />
          </Card>
        </Col>
        <Col xs={24} lg={14}>
          <Card size="small" title={t('psi.home.byWeek')}>
            <WeeklyBars weekly={data.weekly ?? []} testId="chart-week" />
          </Card>
        </Col>
      </GridRow>
      <Card
        size="small"
        title={t('psi.home.tenantsTitle')}
        extra={<Link to={tenantList}>{t('psi.home.manageTenants')}</Link>}
        data-testid="home-tenant-table"
      >
        <Typography.Paragraph type="secondary">
          {t('psi.home.tenantsHint', { own: site.tenantId })}
        </Typography.Paragraph>
        <Table<TenantFigures>
          rowKey="tenantId"
          size="small"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={tenants}
          columns={[
            { title: t('wel.tenant'), key: 'tenant', render: (_v, r) => `${r.tenantId} ${r.tenantName}` },
            { title: t('psi.home.users'), dataIndex: 'users', key: 'users', align: 'right' },
            { title: t('psi.home.schools'), dataIndex: 'schools', key: 'schools', align: 'right' },
            { title: t('psi.home.depositories'), dataIndex: 'depositories', key: 'deps', align: 'right' },
            { title: t('psi.home.allOrders'), dataIndex: 'orders', key: 'orders', align: 'right' },
            { title: t('psi.home.pendingAudit'), dataIndex: 'pendingAudit', key: 'pending', align: 'right' },
            {
              title: t('psi.home.tenantAmount'),
              key: 'amount',
              align: 'right',
              render: (_v, r) => yuan(r.amount),
            },
          ]}
        />
      </Card>
    </Space>
  );
}

/** The home page figures of the PSI roles (platform, depository, school) and of the platform owner. */
export function PsiHome() {
  const summary = useQuery(homeFiguresQuery());
  const data = summary.data;
  if (!data || data.kind === 'none') return null;
  if (data.kind === 'tenants') return <TenantsHome data={data} />;
  if (data.kind === 'platform') return <PlatformHome data={data} />;
  if (data.kind === 'depository') return <DepositoryHome data={data} />;
  return <SchoolHome data={data} />;
}
