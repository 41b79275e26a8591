import { EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Result, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositoryCheckResource } from '@psi/db/model';
import { docWithLines, linesOf, psiKeys, type Row, useCan } from '../../../api/psi';
import { docNoColumn, RemoveDocButton } from '../DocActions';
import { DiffText, indexColumn } from '../lines';
import { DocList } from '../DocList';
import { yuan } from '../format';
import { StatusTag } from '../status';
import { useDocRoute } from '../useDocRoute';
import { CheckSheet, type BookChange } from './CheckSheet';
import '../i18n';

const PATH = '/psi/depositorycheck/index';

function CheckDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: psiKeys.detail('check', id),
    queryFn: () => docWithLines('depositorycheck', id, linesOf.check),
  });
  const h = query.data?.header;
  const columns: TableColumnsType<Row> = [
    indexColumn(),
    { title: t('psi.field.goodsName'), dataIndex: 'goodsName', key: 'name' },
    { title: t('psi.field.isbn'), dataIndex: 'isbn', key: 'isbn' },
    {
      title: t('psi.field.bookQuantity'),
      dataIndex: 'bookQuantity',
      key: 'totalBookQuantity',
      align: 'right',
    },
    {
      title: t('psi.field.countedQuantity'),
      dataIndex: 'countedQuantity',
      key: 'totalCountedQuantity',
      align: 'right',
    },
    {
      title: t('psi.field.difference'),
      key: 'diff',
      align: 'right',
      render: (_v, r) => <DiffText value={Number(r.differenceQuantity)} />,
    },
    {
      title: t('psi.field.differenceAmount'),
      key: 'differenceAmount',
      align: 'right',
      render: (_v, r) => yuan(r.differenceAmount),
    },
    { title: t('psi.common.remark'), dataIndex: 'remark', key: 'remark' },
  ];
  return (
    <Drawer
      open
      size={1000}
      title={`${t('psi.check.detail')}${h ? ` · ${String(h.checkNo)}` : ''}`}
      onClose={onClose}
      destroyOnHidden
      data-testid="check-detail"
    >
      {query.isLoading ? (
        <Spin />
      ) : !h ? (
        <Result status="warning" title={t('psi.common.notFound')} />
      ) : (
        <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
          <Descriptions
            bordered
            size="small"
            column={3}
            items={[
              { key: 'no', label: t('psi.field.checkNo'), children: String(h.checkNo) },
              { key: 'depositoryName', label: t('psi.field.depository'), children: String(h.depositoryName) },
              {
                key: 'status',
                label: t('psi.field.status'),
                children: <StatusTag kind="check" value={h.checkStatus} />,
              },
              { key: 'checkDate', label: t('psi.field.checkDate'), children: String(h.checkDate ?? '-') },
              {
                key: 'totalBookQuantity',
                label: t('psi.field.bookQuantity'),
                children: String(h.totalBookQuantity),
              },
              {
                key: 'totalCountedQuantity',
                label: t('psi.field.countedQuantity'),
                children: String(h.totalCountedQuantity),
              },
              { key: 'totalGainQuantity', label: t('psi.field.gain'), children: String(h.totalGainQuantity) },
              { key: 'totalLossQuantity', label: t('psi.field.loss'), children: String(h.totalLossQuantity) },
              { key: 'amount', label: t('psi.field.differenceAmount'), children: yuan(h.differenceAmount) },
              {
                key: 'completeTime',
                label: t('psi.field.completeTime'),
                children: String(h.completeTime ?? '-'),
              },
            ]}
          />
          <Table
            rowKey={(r) => String(r.id)}
            size="small"
            columns={columns}
            dataSource={query.data?.lines ?? []}
            pagination={false}
            data-testid="check-detail-lines"
          />
        </Space>
      )}
    </Drawer>
  );
}

/** The warning after completing a count whose book quantities moved since it was saved. */
function useBookChangedWarning() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  return (changed: BookChange[]) =>
    modal.warning({
      title: t('psi.check.bookChangedTitle'),
      width: 560,
      content: (
        <div data-testid="book-changed">
          <p>{t('psi.check.bookChangedText')}</p>
          <ul>
            {changed.map((c) => (
              <li key={c.goodsId}>
                {t('psi.check.bookChangedRow', {
                  name: `${c.goodsName}（${c.isbn}）`,
                  before: c.bookQuantityAtSave,
                  after: c.bookQuantity,
                })}
              </li>
            ))}
          </ul>
        </div>
      ),
    });
}

function useCheckColumns(
  open: (view: { mode: 'view' | 'edit'; id: string }) => void,
  refresh: () => Promise<unknown>,
): TableColumnsType<Row> {
  const { t } = useTranslation();
  const can = useCan();
  return [
    docNoColumn(t('psi.field.checkNo'), 'checkNo', (id) => open({ mode: 'view', id })),
    { title: t('psi.field.depository'), dataIndex: 'depositoryName', key: 'depositoryName' },
    { title: t('psi.field.checkDate'), dataIndex: 'checkDate', key: 'checkDate' },
    {
      title: t('psi.field.status'),
      key: 'checkStatus',
      render: (_v, r) => <StatusTag kind="check" value={r.checkStatus} />,
    },
    {
      title: t('psi.field.bookQuantity'),
      dataIndex: 'totalBookQuantity',
      key: 'totalBookQuantity',
      align: 'right',
    },
    {
      title: t('psi.field.countedQuantity'),
      dataIndex: 'totalCountedQuantity',
      key: 'totalCountedQuantity',
      align: 'right',
    },
    { title: t('psi.field.gain'), dataIndex: 'totalGainQuantity', key: 'totalGainQuantity', align: 'right' },
    { title: t('psi.field.loss'), dataIndex: 'totalLossQuantity', key: 'totalLossQuantity', align: 'right' },
    {
      title: t('psi.field.differenceAmount'),
      key: 'differenceAmount',
      align: 'right',
      render: (_v, r) => yuan(r.differenceAmount),
    },
    { title: t('psi.field.completeTime'), dataIndex: 'completeTime', key: 'completeTime' },
    {
      title: t('psi.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, r) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EyeOutlined />}
            onClick={() => open({ mode: 'view', id: String(r.id) })}
            data-testid="row-view"
          >
            {t('psi.common.view')}
          </Button>
          {Number(r.checkStatus) === 1 && can('depositorycheck_edit', 'depositorycheck_complete') && (
            <Button
              type="link"
              size="small"
              icon={<EditOutlined />}
              onClick={() => open({ mode: 'edit', id: String(r.id) })}
              data-testid="row-continue"
            >
              {t('psi.check.continue')}
            </Button>
          )}
          {Number(r.checkStatus) === 1 && can('depositorycheck_delete') && (
            <RemoveDocButton resource="depositorycheck" row={r} no={String(r.checkNo)} onRemoved={refresh} />
          )}
        </Space>
      ),
    },
  ];
}

/** 库存盘点: history of counts per depository, the count sheet, save and complete. */
export default function DepositoryCheckPage() {
  const { t } = useTranslation();
  const can = useCan();
  const client = useQueryClient();
  const [view, go] = useDocRoute(PATH);
  const refresh = () => client.invalidateQueries({ queryKey: psiKeys.all });
  const warnChanged = useBookChangedWarning();
  const columns = useCheckColumns(go, refresh);

  return (
    <>
      <DocList
        root="check"
        endpoint="depositorycheck/list"
        exportResource="depositorycheck"
        exportName={t('psi.check.title')}
        statusKind="check"
        statusField="checkStatus"
        title={t('psi.check.history')}
        resource={depositoryCheckResource}
        columns={columns}
        searchFields={{ checkNo: t('psi.field.checkNo') }}
        toolbar={
          can('depositorycheck_add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => go({ mode: 'new' })}
              data-testid="check-new"
            >
              {t('psi.check.newCheck')}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && <CheckDetail id={view.id} onClose={() => go(null)} />}
      {(view?.mode === 'edit' || view?.mode === 'new') && (
        <CheckSheet
          id={view.mode === 'edit' ? view.id : undefined}
          onClose={() => go(null)}
          onSaved={(result, completed) => {
            void refresh();
            if (completed) {
              go({ mode: 'view', id: String(result.id) });
              if (result.bookChanged?.length) warnChanged(result.bookChanged);
            }
          }}
        />
      )}
    </>
  );
}
