import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Descriptions,
  Drawer,
  Result,
  Space,
  Spin,
  Table,
  Timeline,
  Typography,
  type DescriptionsProps,
  type TableColumnsType,
  type TimelineItemProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { detail, linesOf, page, psiKeys, type Row } from '../../api/psi';
import { discountText, yuan } from './format';
import { StatusTag } from './status';

export type DocKind = 'yypt' | 'pod' | 'purchase' | 'delivery';

const RESOURCE: Record<DocKind, string> = {
  yypt: 'purchaseorderyypt',
  pod: 'purchaseorderdepository',
  purchase: 'purchaseorder',
  delivery: 'deliveryorder',
};

interface Loaded {
  header: Row;
  lines: Row[];
  /** 征订单: its 配送单; 配送单: itself. */
  pod: Row | null;
  deliveries: Row[];
}

async function load(kind: DocKind, id: string): Promise<Loaded | null> {
  const header = await detail(RESOURCE[kind], id);
  if (!header) return null;
  const lines = await linesOf[kind](id);
  let pod: Row | null = null;
  let deliveries: Row[] = [];
  if (kind === 'yypt' && header.depositoryOrderId) {
    pod = await detail('purchaseorderdepository', String(header.depositoryOrderId)).catch(() => null);
  }
  if (kind === 'pod') pod = header;
  if (pod) {
    deliveries = (
      await page('deliveryorder/list', { depositoryOrderId: String(pod.id), size: 100 }).catch(() => ({
        records: [] as Row[],
      }))
    ).records;
  }
  return { header, lines, pod, deliveries };
}

function text(value: unknown): ReactNode {
  return value === undefined || value === null || value === '' ? '-' : String(value);
}

interface DocDetailProps {
  kind: DocKind;
  id: string;
  onClose: () => void;
  /** Buttons for the loaded document (audit, ship...). */
  actions?: (header: Row) => ReactNode;
}

/** A document with its lines, audit information and status history. */
export function DocDetail({ kind, id, onClose, actions }: DocDetailProps) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: psiKeys.detail(kind, id), queryFn: () => load(kind, id) });
  const data = query.data;
  const h = data?.header;

  const titles: Record<DocKind, string> = {
    yypt: t('psi.yypt.detail'),
    pod: t('psi.pod.detail'),
    purchase: t('psi.purchase.detail'),
    delivery: t('psi.delivery.detail'),
  };
  const number = h ? String(h.orderNo ?? h.deliveryNo ?? '') : '';

  const items: DescriptionsProps['items'] = [];
  if (h) {
    const add = (key: string, label: string, children: ReactNode) => items.push({ key, label, children });
    add(
      'no',
      kind === 'delivery' ? t('psi.field.deliveryNo') : t('psi.field.orderNo'),
      <Typography.Text copyable>{number}</Typography.Text>,
    );
    const statusKind =
      kind === 'yypt'
        ? 'yypt'
        : kind === 'pod'
          ? 'depository'
          : kind === 'purchase'
            ? 'purchase'
            : 'delivery';
    add('status', t('psi.field.status'), <StatusTag kind={statusKind} value={h.orderStatus} />);
    if (kind === 'yypt' || kind === 'pod')
      add('pay', t('psi.field.payStatus'), <StatusTag kind="pay" value={h.payStatus} />);
    if (kind === 'pod') {
      add('source', t('psi.field.source'), <StatusTag kind="source" value={h.sourceType} />);
      if (h.sourceNo) add('sourceNo', t('psi.field.sourceNo'), text(h.sourceNo));
    }
    if (kind === 'delivery') add('podNo', t('psi.field.depositoryOrderNo'), text(h.depositoryOrderNo));
    if (kind === 'purchase') {
      add('supplier', t('psi.field.supplierName'), text(h.supplierName));
      add('supplierContact', t('psi.field.supplierContact'), text(h.supplierContact));
    } else add('school', t('psi.field.school'), text(h.schoolName));
    add('depository', t('psi.field.depository'), text(h.depositoryName));
    if (h.term) add('term', t('psi.field.term'), text(h.term));
    if (kind !== 'purchase') {
      add(
        'receiver',
        t('psi.field.receiverName'),
        `${text(h.receiverName) as string} ${h.receiverPhone ? String(h.receiverPhone) : ''}`,
      );
      add('address', t('psi.field.receiverAddress'), text(h.receiverAddress));
    }
    add(
      'qty',
      t('psi.field.totalQuantity'),
      <span data-testid="detail-total-quantity">{text(h.totalQuantity)}</span>,
    );
    add('list', t('psi.field.totalListAmount'), yuan(h.totalListAmount));
    add(
      'amount',
      t('psi.field.totalAmount'),
      <Typography.Text strong data-testid="detail-total-amount">
        {yuan(h.totalAmount)}
      </Typography.Text>,
    );
    if (kind === 'yypt' || kind === 'pod')
      add('delivered', t('psi.field.deliveredQuantity'), text(h.deliveredQuantity));
    if (kind === 'purchase') add('received', t('psi.field.receivedQuantity'), text(h.receivedQuantity));
    if (kind === 'delivery') {
      add(
        'logistics',
        t('psi.field.logistics'),
        `${text(h.logisticsCompany) as string} ${h.trackingNo ? String(h.trackingNo) : ''}`,
      );
      add('deliveryTime', t('psi.field.deliveryTime'), text(h.deliveryTime));
    }
    add('submit', t('psi.field.submitTime'), text(h.submitTime));
    if (kind !== 'delivery') {
      add('auditTime', t('psi.field.auditTime'), text(h.auditTime));
      add(
        'auditRemark',
        t('psi.field.auditRemark'),
        <span data-testid="detail-audit-remark">{text(h.auditRemark)}</span>,
      );
    }
    if (kind === 'purchase') {
      add('storageTime', t('psi.field.storageTime'), text(h.storageTime));
      add('storageRemark', t('psi.field.storageRemark'), text(h.storageRemark));
    }
    if (h.remark) add('remark', t('psi.common.remark'), text(h.remark));
  }

  const lineColumns: TableColumnsType<Row> = [
    { title: '#', key: 'i', width: 48, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn', width: 140 },
    { title: t('psi.field.price'), key: 'price', align: 'right', render: (_v, r) => yuan(r.price) },
    {
      title: t('psi.field.discount'),
      key: 'discount',
      align: 'right',
      render: (_v, r) => discountText(r.discount),
    },
    {
      title: t('psi.field.unitPrice'),
      key: 'unitPrice',
      align: 'right',
      render: (_v, r) => yuan(r.unitPrice),
    },
    { title: t('psi.field.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
    ...(kind === 'yypt' || kind === 'pod'
      ? [
          {
            title: t('psi.field.delivered'),
            dataIndex: 'deliveredQuantity',
            key: 'delivered',
            align: 'right' as const,
          },
        ]
      : []),
    ...(kind === 'purchase'
      ? [
          {
            title: t('psi.field.received'),
            dataIndex: 'receivedQuantity',
            key: 'received',
            align: 'right' as const,
          },
        ]
      : []),
    { title: t('psi.field.amount'), key: 'amount', align: 'right', render: (_v, r) => yuan(r.amount) },
  ];

  return (
    <Drawer
      open
      title={`${titles[kind]}${number ? ` · ${number}` : ''}`}
      size={1080}
      onClose={onClose}
      destroyOnHidden
      extra={h && actions ? <Space>{actions(h)}</Space> : undefined}
      data-testid="doc-detail"
    >
      {query.isLoading ? (
        <Spin />
      ) : !data ? (
        <Result status="warning" title={t('psi.common.notFound')} data-testid="doc-missing" />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          {[7, 8].includes(Number(h?.orderStatus)) && h?.auditRemark ? (
            <Alert type="error" showIcon title={String(h.auditRemark)} />
          ) : null}
          <Descriptions bordered size="small" column={3} items={items} data-testid="doc-header" />
          <Card size="small" title={t('psi.common.lines')}>
            <Table
              rowKey={(r) => String(r.id)}
              size="small"
              columns={lineColumns}
              dataSource={data.lines}
              pagination={false}
              data-testid="doc-lines"
            />
          </Card>
          {kind !== 'delivery' && (
            <Card size="small" title={t('psi.timeline.title')}>
              <Timeline items={timeline(kind, data, t)} data-testid="doc-timeline" />
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/** The status history of a document, from its own and its follow-up documents' times. */
function timeline(kind: DocKind, data: Loaded, t: T): TimelineItemProps[] {
  const h = data.header;
  const items: TimelineItemProps[] = [];
  const item = (title: string, time: unknown, color: string, content?: ReactNode) =>
    items.push({
      title: time ? String(time) : undefined,
      content: content ? (
        <>
          <div>{title}</div>
          <Typography.Text type="secondary">{content}</Typography.Text>
        </>
      ) : (
        title
      ),
      color,
    });
  item(t('psi.timeline.created'), h.submitTime, 'blue');
  const status = Number(h.orderStatus);
  if (kind === 'purchase') {
    if (h.auditTime)
      item(
        status === 8 ? t('psi.timeline.auditRejected') : t('psi.timeline.audited'),
        h.auditTime,
        status === 8 ? 'red' : 'green',
        h.auditRemark ? String(h.auditRemark) : undefined,
      );
    if (h.storageTime)
      item(
        t('psi.timeline.stored'),
        h.storageTime,
        'green',
        t('psi.common.copies', { count: Number(h.receivedQuantity) }),
      );
    if ([1, 2].includes(status))
      items.push({ content: t('psi.timeline.waiting'), color: 'gray', loading: true });
    return items;
  }
  if (kind === 'yypt' && h.auditTime)
    item(
      status === 8 ? t('psi.timeline.auditRejected') : t('psi.timeline.audited'),
      h.auditTime,
      status === 8 ? 'red' : 'green',
      h.auditRemark ? String(h.auditRemark) : undefined,
    );
  const pod = data.pod;
  if (pod?.auditTime) {
    const rejected = Number(pod.orderStatus) === 8;
    item(
      rejected ? t('psi.timeline.depRejected') : t('psi.timeline.accepted'),
      pod.auditTime,
      rejected ? 'red' : 'green',
      pod.auditRemark ? String(pod.auditRemark) : undefined,
    );
  }
  for (const d of [...data.deliveries].sort((a, b) =>
    String(a.submitTime).localeCompare(String(b.submitTime)),
  )) {
    if (Number(d.orderStatus) === 3)
      item(
        t('psi.timeline.delivered', { no: String(d.deliveryNo), count: Number(d.totalQuantity) }),
        d.deliveryTime,
        'green',
      );
    else
      item(
        t('psi.timeline.pendingDelivery', { no: String(d.deliveryNo), count: Number(d.totalQuantity) }),
        d.submitTime,
        'orange',
      );
  }
  if (status === 3) items.push({ content: t('psi.timeline.completed'), color: 'green' });
  else if (![7, 8].includes(status))
    items.push({ content: t('psi.timeline.waiting'), color: 'gray', loading: true });
  return items;
}
