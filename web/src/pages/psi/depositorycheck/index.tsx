import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Descriptions, Drawer, Result, Space, Spin, Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { depositorycheckResource } from '@psi/db/model';
import { docWithLines, linesOf, psiKeys, type DeclaredRow, psiRoutes } from '../../../api/psi';
import { useCan } from '../../../hooks/permission';
import { DiffText, indexColumn } from '../lines';
import { DocList } from '../DocList';
import { yuan } from '../format';
import { StatusTag } from '../status';
import { PSI_DOCUMENTS } from '@psi/db/model/psi/index';
import { fieldColumn, moneyColumn, numberColumn, textColumn } from '../columns';
import { mayEdit, mayRemove } from '../documents';
import { DocRowActions, useDocPage, type DocPageState } from '../DocPage';
import { useLang } from '../status';
import type { BookChange } from '@psi/db/model/psi/index';
import { DepositorycheckSheet } from './DepositorycheckSheet';
import '../../../i18n/psi';

const PATH = '/psi/depositorycheck/index';

function CheckDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: psiKeys.detail('depositorycheck', id),
    queryFn: () => docWithLines('depositorycheck', id, linesOf.depositorycheck),
  });
  const h = query.data?.header;
  const columns: TableColumnsType<DeclaredRow> = [
    indexColumn(),
    textColumn(t('psi.field.goodsName'), 'goodsName'),
    textColumn(t('psi.field.isbn'), 'isbn'),
    numberColumn(t('psi.field.bookQuantity'), 'bookQuantity'),
    numberColumn(t('psi.field.countedQuantity'), 'countedQuantity'),
    {
      title: t('psi.field.difference'),
      key: 'diff',
      align: 'right',
      render: (_v, r) => <DiffText value={Number(r.differenceQuantity)} />,
    },
    moneyColumn(t('psi.field.differenceAmount'), 'differenceAmount'),
    textColumn(t('psi.common.remark'), 'remark'),
  ];
  return (
    <Drawer
      open
      size={1000}
      title={`${t('psi.depositorycheck.detail')}${h ? ` · ${String(h.checkNo)}` : ''}`}
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
                children: <StatusTag kind="depositorycheck" value={h.checkStatus} />,
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
          <Table<DeclaredRow>
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
      title: t('psi.depositorycheck.bookChangedTitle'),
      width: 560,
      content: (
        <div data-testid="book-changed">
          <p>{t('psi.depositorycheck.bookChangedText')}</p>
          <ul>
            {changed.map((c) => (
              <li key={c.goodsId}>
                {t('psi.depositorycheck.bookChangedRow', {
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

const depositorycheckDocument = PSI_DOCUMENTS.depositorycheck;

/** The count list: the declared columns, then continue (while counting) and remove. */
function useCheckColumns(page: DocPageState): TableColumnsType<DeclaredRow> {
  const { t } = useTranslation();
  const lang = useLang();
  const can = useCan();
  const { who } = depositorycheckDocument;
  return [
    ...depositorycheckDocument.columns.map((name) =>
      fieldColumn(depositorycheckDocument, name, lang, page.open),
    ),
    {
      title: t('psi.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_v, r) => (
        <DocRowActions
          page={page}
          row={r}
          inDetail={false}
          edit={false}
          remove={
            mayRemove(depositorycheckDocument, r) &&
            can(...who.remove) && { resource: depositorycheckDocument.resource.key, no: String(r.checkNo) }
          }
          steps={
            mayEdit(depositorycheckDocument, r) && can(...who.edit)
              ? [
                  {
                    id: 'continue',
                    primary: true,
                    label: t('psi.depositorycheck.continue'),
                    icon: <EditOutlined />,
                    onClick: () => page.go({ mode: 'edit', id: String(r.id) }),
                  },
                ]
              : []
          }
        />
      ),
    },
  ];
}

/** 库存盘点: history of counts per depository, the count sheet, save and complete. */
export default function DepositorycheckPage() {
  const { t } = useTranslation();
  const can = useCan();
  const page = useDocPage(PATH);
  const { view, go, refresh } = page;
  const warnChanged = useBookChangedWarning();
  const columns = useCheckColumns(page);

  return (
    <>
      <DocList
        root="depositorycheck"
        endpoint={psiRoutes.depositorycheckList}
        exportable
        exportName={t('psi.depositorycheck.title')}
        statusKind="depositorycheck"
        statusField="checkStatus"
        title={t('psi.depositorycheck.history')}
        resource={depositorycheckResource}
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
              {t('psi.depositorycheck.newCheck')}
            </Button>
          )
        }
      />
      {view?.mode === 'view' && <CheckDetail id={view.id} onClose={() => go(null)} />}
      {(view?.mode === 'edit' || view?.mode === 'new') && (
        <DepositorycheckSheet
          id={view.mode === 'edit' ? view.id : undefined}
          onClose={() => go(null)}
          onSaved={(result, completed) => {
            void refresh();
            if (completed) {
              if ('id' in result) go({ mode: 'view', id: String(result.id) });
              if (result.bookChanged?.length) warnChanged(result.bookChanged);
            }
          }}
        />
      )}
    </>
  );
}
