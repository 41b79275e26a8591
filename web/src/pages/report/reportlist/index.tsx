import { useState } from 'react';
import { RowButton } from '../../../components/resource/ResourceColumns';
import { CloseOutlined, DeleteOutlined, FolderOpenOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Table, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  columnLabel,
  parseReportContent,
  reportResource,
  summarize,
  type Lang,
  type ReportContent,
  type ReportRow,
} from '@psi/db/model';
import { fetchReports, reportKeys } from '../../../api/report';
import { exportList, fetchDetail, fetchList, removeRecords } from '../../../api/resource';
import { ExportButton } from '../../../components/ExportButton';
import { useExporter } from '../../../hooks/export';
import type { DeclaredRow } from '../../../components/resource/model';
import '../../../i18n/report';
import { useCan } from '../../../hooks/permission';

const API = reportResource.api;
/** A report reads at most this many pages of its list (500 rows each). */
const MAX_PAGES = 20;

interface Report {
  id: string;
  name: string;
  createTime: string;
  content: ReportContent | null;
}

const toReport = (row: DeclaredRow, lang: Lang): Report => {
  const content = parseReportContent(row.content);
  return {
    id: String(row.id),
    name: lang === 'en' && content?.nameEn ? content.nameEn : String(row.name ?? ''),
    createTime: String(row.createTime ?? ''),
    content,
  };
};

/** Every row of the report's list query, page by page, as the signed-in user (so scope applies). */
async function runReport(content: ReportContent) {
  const size = Number(content.params.size ?? 500) || 500;
  const rows: DeclaredRow[] = [];
  for (let current = 1; current <= MAX_PAGES; current++) {
    const page = await fetchList(content.api, { ...content.params, current, size });
    rows.push(...page.records);
    if (page.tree || page.records.length < size || rows.length >= page.total) break;
  }
  return summarize(content, rows);
}

const groupLabels = (content: ReportContent, lang: Lang) =>
  content.groupBy
    .map((g) => content.columns.find((c) => c.prop === g))
    .filter((c) => c !== undefined)
    .map((c) => columnLabel(c, lang))
    .join(lang === 'en' ? ', ' : '、');

function ReportView({ report, lang, onClose }: { report: Report; lang: Lang; onClose: () => void }) {
  const { t } = useTranslation();
  const exporter = useExporter();
  const content = report.content!;
  const result = useQuery({
    queryKey: reportKeys.run(report.id),
    queryFn: () => runReport(content),
    gcTime: 0,
  });
  const measure = (prop: string) => content.columns.find((c) => c.prop === prop)?.aggregate;
  const numeric = (prop: string) => {
    const aggregate = measure(prop);
    return aggregate === 'sum' || aggregate === 'count';
  };
  const columns: TableColumnsType<ReportRow> = content.columns.map((c) => ({
    title: columnLabel(c, lang),
    dataIndex: c.prop,
    key: c.prop,
    align: numeric(c.prop) || typeof result.data?.rows[0]?.[c.prop] === 'number' ? 'right' : undefined,
    render: (value: unknown) => (value === null || value === undefined || value === '' ? '-' : String(value)),
  }));
  return (
    <Card
      size="small"
      title={report.name}
      data-testid="report-view"
      extra={
        <Space>
          <ExportButton
            exporting={exporter.exporting}
            onClick={() => void exporter.run(() => exportList(API, { id: report.id }, `${report.name}.xlsx`))}
            testId="report-export"
          >
            {t('report.export')}
          </ExportButton>
          <Button icon={<ReloadOutlined />} onClick={() => void result.refetch()}>
            {t('crud.refresh')}
          </Button>
          <Button icon={<CloseOutlined />} onClick={onClose} data-testid="report-close">
            {t('report.close')}
          </Button>
        </Space>
      }
    >
      {result.data && (
        <Typography.Paragraph type="secondary" data-testid="report-meta">
          {t('report.rows', { groups: result.data.rows.length, source: result.data.source })}
        </Typography.Paragraph>
      )}
      <Table<ReportRow>
        rowKey={(r) => content.groupBy.map((g) => String(r[g])).join('|') || JSON.stringify(r)}
        size="small"
        columns={columns}
        dataSource={result.data?.rows ?? []}
        loading={result.isFetching}
        scroll={{ x: 'max-content' }}
        pagination={{
          defaultPageSize: 50,
          showSizeChanger: true,
          showTotal: (total) => t('crud.total', { total }),
        }}
        data-testid="report-table"
        summary={() =>
          result.data ? (
            <Table.Summary fixed>
              <Table.Summary.Row data-testid="report-total">
                {content.columns.map((c, i) => (
                  <Table.Summary.Cell key={c.prop} index={i} align={numeric(c.prop) ? 'right' : undefined}>
                    {i === 0 ? (
                      <Typography.Text strong>{t('report.total')}</Typography.Text>
                    ) : (
                      <Typography.Text strong>{result.data.totals[c.prop] ?? ''}</Typography.Text>
                    )}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            </Table.Summary>
          ) : null
        }
      />
    </Card>
  );
}

/** 报表列表: the tenant's saved reports; open one to see its figures grouped and summed, export, delete. */
export default function ReportListPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message, modal } = App.useApp();
  const client = useQueryClient();
  const can = useCan();
  const [open, setOpen] = useState<Report | null>(null);
  const list = useQuery({
    queryKey: reportKeys.list(),
    queryFn: fetchReports,
  });
  const reports = (list.data?.records ?? []).map((row) => toReport(row, lang));

  const openReport = async (report: Report) => {
    if (report.content) {
      setOpen(report);
      return;
    }
    const detail = toReport(await fetchDetail(API, report.id), lang);
    if (detail.content) setOpen(detail);
    else void message.error(t('report.invalid'));
  };

  const remove = (report: Report) => {
    modal.confirm({
      title: t('report.removeConfirm', { name: report.name }),
      content: t('report.removeTip'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await removeRecords(API, [report.id]);
        void message.success(t('crud.removed'));
        if (open?.id === report.id) setOpen(null);
        await client.invalidateQueries({ queryKey: reportKeys.list() });
      },
    });
  };

  const columns: TableColumnsType<Report> = [
    {
      title: t('report.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, r) => (
        <Typography.Link onClick={() => void openReport(r)} data-testid="report-name">
          {name}
        </Typography.Link>
      ),
    },
    {
      title: t('report.description'),
      key: 'description',
      render: (_v, r) =>
        r.content ? (
          r.content.groupBy.length ? (
            t('report.summary', { groups: groupLabels(r.content, lang), count: r.content.columns.length })
          ) : (
            t('report.detail', { count: r.content.columns.length })
          )
        ) : (
          <Typography.Text type="secondary">{t('report.invalid')}</Typography.Text>
        ),
    },
    { title: t('report.createTime'), dataIndex: 'createTime', key: 'createTime', width: 180 },
    {
      title: t('report.actions'),
      key: 'actions',
      width: 220,
      render: (_v, r) => (
        <Space size={4}>
          <Button
            type="link"
            size="small"
            icon={<FolderOpenOutlined />}
            disabled={!r.content}
            onClick={() => void openReport(r)}
            data-testid="report-open"
          >
            {t('report.open')}
          </Button>
          {can('reportlist_delete') && (
            <RowButton
              danger
              icon={<DeleteOutlined />}
              label={t('report.remove')}
              testId="report-remove"
              onClick={() => remove(r)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="report-page">
      <Card
        size="small"
        variant="borderless"
        title={t('report.title')}
        extra={
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('crud.refresh')}
          </Button>
        }
      >
        <Table<Report>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={reports}
          loading={list.isFetching}
          pagination={false}
          locale={{ emptyText: t('report.empty') }}
          rowClassName={(r) => (open?.id === r.id ? 'ant-table-row-selected' : '')}
          data-testid="report-list"
        />
      </Card>
      {open && <ReportView key={open.id} report={open} lang={lang} onClose={() => setOpen(null)} />}
    </Space>
  );
}
