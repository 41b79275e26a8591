import type { TFunction } from 'i18next';
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
  Timeline,
  Typography,
  type DescriptionsProps,
  type TableColumnsType,
  type TimelineItemProps,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { declaredDetail, detail, linesOf, page, psiKeys, type DeclaredRow, psiRoutes } from '../../api/psi';
import { discountText, yuan } from './format';
import type { Lang } from '@psi/db/model';
import type { DetailItem, DocumentDef } from '@psi/db/model/psi/index';
import { DOCUMENTS, fieldOf, statusOfRow, type DocKind } from './documents';
import { StatusTag, statusKindOf, useLang } from './status';
import { LinesTable } from './EditorDrawer';

/**
 * Label/value pairs a row of the detail header: three in the drawer on a laptop, two on a tablet, one
 * on a phone, so a document number or a school name keeps its words whole (ant-design-pro's habit).
 */
const DETAIL_COLUMNS = { xs: 1, sm: 2, md: 3 } as const;

interface Loaded {
  header: DeclaredRow;
  lines: DeclaredRow[];
  /** 征订单: its 配送单; 配送单: itself. */
  pod: DeclaredRow | null;
  deliveries: DeclaredRow[];
}

async function load(kind: DocKind, id: string): Promise<Loaded | null> {
  const header = await declaredDetail(DOCUMENTS[kind].resource.key, id);
  if (!header) return null;
  const lines = await linesOf[kind](id);
  let pod: DeclaredRow | null = null;
  let deliveries: DeclaredRow[] = [];
  if (kind === 'purchaseorderyypt' && header.depositoryOrderId) {
    pod = await detail('purchaseorderdepository', String(header.depositoryOrderId)).catch(() => null);
  }
  if (kind === 'purchaseorderdepository') pod = header;
  if (pod) {
    deliveries = (
      await page(psiRoutes.deliveryorderList, { depositoryOrderId: String(pod.id), size: 100 }).catch(() => ({
        records: [] as DeclaredRow[],
      }))
    ).records;
  }
  return { header, lines, pod, deliveries };
}

function text(value: unknown): ReactNode {
  return value === undefined || value === null || value === '' ? '-' : String(value);
}

/** The value of one declared field: coded fields as tags, money in yuan, the number copyable. */
function fieldValue(doc: DocumentDef, name: string, row: DeclaredRow): ReactNode {
  const field = fieldOf(doc, name);
  const tag = field.kind === 'dict' ? statusKindOf(field.dict?.code) : undefined;
  if (tag) return <StatusTag kind={tag} value={row[name]} />;
  if (name === doc.numberField) return <Typography.Text copyable>{text(row[name])}</Typography.Text>;
  if (field.kind === 'money' && field.priority === 'key')
    return <Typography.Text strong>{yuan(row[name])}</Typography.Text>;
  if (field.kind === 'money') return yuan(row[name]);
  return text(row[name]);
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The detail header: the fields the declaration names, `with` fields beside their partner. */
function headerItems(doc: DocumentDef, row: DeclaredRow, lang: Lang): DescriptionsProps['items'] {
  const item = (entry: string | DetailItem): DetailItem =>
    typeof entry === 'string' ? { field: entry } : entry;
  return doc.detail
    .map(item)
    .filter(({ field, optional }) => !optional || Boolean(row[field]))
    .map(({ field: name, with: partner }) => ({
      key: name,
      label: fieldOf(doc, name).label[lang],
      children: (
        <span data-testid={`detail-${kebab(name)}`}>
          {fieldValue(doc, name, row)}
          {partner && row[partner] ? ` ${String(row[partner])}` : ''}
        </span>
      ),
    }));
}

interface DocDetailProps {
  kind: DocKind;
  id: string;
  onClose: () => void;
  /** Buttons for the loaded document (audit, ship...). */
  actions?: (header: DeclaredRow) => ReactNode;
}

/** A document with its lines, audit information and status history. */
export function DocDetail({ kind, id, onClose, actions }: DocDetailProps) {
  const { t } = useTranslation();
  const query = useQuery({ queryKey: psiKeys.detail(kind, id), queryFn: () => load(kind, id) });
  const data = query.data;
  const h = data?.header;
  const lang = useLang();

  const titles: Record<DocKind, string> = {
    purchaseorderyypt: t('psi.purchaseorderyypt.detail'),
    purchaseorderdepository: t('psi.purchaseorderdepository.detail'),
    purchaseorder: t('psi.purchaseorder.detail'),
    deliveryorder: t('psi.deliveryorder.detail'),
  };
  const number = h ? String(h.orderNo ?? h.deliveryNo ?? '') : '';

  const items = h ? headerItems(DOCUMENTS[kind], h, lang) : [];

  const lineColumns: TableColumnsType<DeclaredRow> = [
    { title: '#', key: 'i', width: 48, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'goodsName' },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn', width: 140 },
    { title: t('psi.field.price'), key: 'price', align: 'right', render: (_v, r) => yuan(r.price) },
    {
      title: t('psi.field.discount'),
      key: 'discount',
      align: 'right',
      render: (_v, r) => discountText(r.discount, lang),
    },
    {
      title: t('psi.field.unitPrice'),
      key: 'unitPrice',
      align: 'right',
      render: (_v, r) => yuan(r.unitPrice),
    },
    { title: t('psi.field.quantity'), dataIndex: 'quantity', key: 'quantity', align: 'right' },
    ...(kind === 'purchaseorderyypt' || kind === 'purchaseorderdepository'
      ? [
          {
            title: t('psi.field.delivered'),
            dataIndex: 'deliveredQuantity',
            key: 'delivered',
            align: 'right' as const,
          },
        ]
      : []),
    ...(kind === 'purchaseorder'
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
      rootClassName="psi-drawer"
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
          {h && statusOfRow(DOCUMENTS[kind], h)?.rejected && h.auditRemark ? (
            <Alert type="error" showIcon title={String(h.auditRemark)} />
          ) : null}
          <Descriptions
            bordered
            size="small"
            column={DETAIL_COLUMNS}
            items={items}
            data-testid="doc-header"
          />
          <Card size="small" title={t('psi.common.lines')}>
            <LinesTable
              rowKey={(r) => String(r.id)}
              columns={lineColumns}
              dataSource={data.lines}
              data-testid="doc-lines"
            />
          </Card>
          {kind !== 'deliveryorder' && (
            <Card size="small" title={t('psi.timeline.title')}>
              <Timeline items={timeline(kind, data, t)} data-testid="doc-timeline" />
            </Card>
          )}
        </Space>
      )}
    </Drawer>
  );
}

type T = TFunction;

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
  const doc = DOCUMENTS[kind];
  const status = statusOfRow(doc, h);
  const auditRejected = status?.name === 'rejected';
  if (kind === 'purchaseorder' || kind === 'purchaseorderyypt') {
    if (h.auditTime)
      item(
        auditRejected ? t('psi.timeline.auditRejected') : t('psi.timeline.audited'),
        h.auditTime,
        auditRejected ? 'red' : 'green',
        h.auditRemark ? String(h.auditRemark) : undefined,
      );
  }
  if (kind === 'purchaseorder') {
    if (h.storageTime)
      item(
        t('psi.timeline.stored'),
        h.storageTime,
        'green',
        t('psi.common.copies', { count: Number(h.receivedQuantity) }),
      );
    if (!status?.final && !status?.rejected)
      items.push({ content: t('psi.timeline.waiting'), color: 'gray', loading: true });
    return items;
  }
  const pod = data.pod;
  if (pod?.auditTime) {
    const rejected = statusOfRow(DOCUMENTS.purchaseorderdepository, pod)?.name === 'rejected';
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
    if (statusOfRow(DOCUMENTS.deliveryorder, d)?.final)
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
  if (status?.final && !status.rejected) items.push({ content: t('psi.timeline.completed'), color: 'green' });
  else if (!status?.rejected)
    items.push({ content: t('psi.timeline.waiting'), color: 'gray', loading: true });
  return items;
}
