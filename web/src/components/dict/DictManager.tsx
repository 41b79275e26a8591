import { useMemo, useState } from 'react';
import { SettingOutlined } from '@ant-design/icons';
import { RowButton } from '../resource/ResourceColumns';
import { useQueryClient } from '@tanstack/react-query';
import { App, Col, Drawer, Empty, Row as GridRow, Switch, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, ResourceDef } from '@psi/db/model';
import { resourceKeys, submitRecord } from '../../api/resource';
import type { DeclaredRow } from '../resource/model';
import { ResourcePage } from '../resource/ResourcePage';
import { dictScreens } from './dict-screens';
import './dict.css';
import { useCan } from '../../hooks/permission';
import { lineRoutes } from '../../api/lines';

/** `dict` or `dict-biz`'s 1/0 sealed flag as a switch in the table; changing it saves at once. */
function SealedSwitch({
  def,
  record,
  editable,
}: {
  def: ResourceDef;
  record: DeclaredRow;
  editable: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const sealed = Number(record.isSealed) === 1;
  if (!editable)
    return <Tag color={sealed ? 'orange' : 'green'}>{sealed ? t('common.yes') : t('common.no')}</Tag>;
  return (
    <Switch
      size="small"
      checked={sealed}
      loading={saving}
      checkedChildren={t('common.yes')}
      unCheckedChildren={t('common.no')}
      data-testid="sealed-switch"
      onClick={(_checked, event) => event.stopPropagation()}
      onChange={(checked) => {
        setSaving(true);
        submitRecord(def.api, { id: record.id, isSealed: checked ? 1 : 0 })
          .then(async () => {
            void message.success(t('crud.done'));
            await queryClient.invalidateQueries({ queryKey: resourceKeys.all(def.key) });
          })
          .catch(() => undefined)
          .finally(() => setSaving(false));
      }}
    />
  );
}

export type DictLayout = 'horizontal' | 'vertical' | 'menu';

interface DictManagerProps {
  /** The system dictionary or the business dictionary declaration. */
  def: ResourceDef;
  /**
   * `horizontal`: dictionaries left, entries right. `vertical`: dictionaries above entries. `menu`: the
   * dictionaries, each with a "configure" button that opens its entries in a drawer (Saber's dict page).
   */
  layout: DictLayout;
}

/**
 * Dictionary management (spec "Dictionary screens"): the parent list (code, name, sort, sealed, remark)
 * from `parent-list`, and the child list of the chosen dictionary from `child-list?parentId=`, where code
 * and parent are fixed to the dictionary's; on a line without those lists, the forest of `list`.
 */
export function DictManager({ def, layout }: DictManagerProps) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const can = useCan();
  const editable = can(`${def.permission}_edit`);
  const { parent: parentDef, child: childDef } = useMemo(() => dictScreens(def), [def]);
  const [chosen, setChosen] = useState<DeclaredRow | null>(null);
  const sealedCell = {
    isSealed: (record: DeclaredRow) => <SealedSwitch def={def} record={record} editable={editable} />,
  };

  // a line without the parent and child lists (the public one) answers every dictionary with its
  // entries as one forest from `list`
  if (lineRoutes.dictLists === 'tree')
    return (
      <div className="psi-dict" data-testid="dict-manager" data-layout="tree">
        <ResourcePage def={def} cells={sealedCell} />
      </div>
    );

  const chosenId = chosen ? String(chosen.id) : '';
  const childTitle = chosen ? (
    <span>
      {t('dict.entries')}
      <Tag className="psi-dict__chosen" color="blue">
        {String(chosen.dictValue)} · {String(chosen.code)}
      </Tag>
    </span>
  ) : (
    t('dict.entries')
  );

  const childList = (
    <ResourcePage
      key={chosenId}
      def={childDef}
      listUrl={`${def.api}/child-list`}
      params={chosen ? { parentId: chosenId } : undefined}
      fixedValues={chosen ? { code: chosen.code, parentId: chosenId } : undefined}
      cells={sealedCell}
      title={childTitle}
      settingsKey={`${def.key}-child`}
      compact={layout === 'horizontal'}
      placeholder={
        chosen ? undefined : <Empty className="psi-dict__pick" description={t('dict.pickParent')} />
      }
    />
  );

  const parentList = (
    <ResourcePage
      def={parentDef}
      listUrl={`${def.api}/parent-list`}
      fixedValues={{ parentId: '0' }}
      cells={sealedCell}
      title={t('dict.dictionaries')}
      settingsKey={`${def.key}-parent`}
      compact={layout === 'horizontal'}
      onRowClick={layout === 'menu' ? undefined : setChosen}
      selectedId={layout === 'menu' ? undefined : chosenId}
      rowActions={
        layout === 'menu' && can(`${def.permission}_config`, `${def.permission}_edit`)
          ? (record) => (
              <RowButton
                icon={<SettingOutlined />}
                label={t('dict.configure')}
                testId="row-dict-config"
                onClick={() => setChosen(record)}
              />
            )
          : undefined
      }
    />
  );

  if (layout === 'menu') {
    return (
      <div className="psi-dict" data-testid="dict-manager" data-layout={layout}>
        {parentList}
        <Drawer
          open={Boolean(chosen)}
          width={Math.min(1200, typeof window === 'undefined' ? 1200 : window.innerWidth - 80)}
          title={`${t('dict.configure')} · ${chosen ? String(chosen.dictValue) : ''}`}
          onClose={() => setChosen(null)}
          destroyOnHidden
          data-lang={lang}
        >
          {chosen && childList}
        </Drawer>
      </div>
    );
  }

  return (
    <div className="psi-dict" data-testid="dict-manager" data-layout={layout}>
      {layout === 'horizontal' ? (
        <GridRow gutter={12} wrap={false} className="psi-dict__row">
          <Col flex="1 1 50%" className="psi-dict__col">
            {parentList}
          </Col>
          <Col flex="1 1 50%" className="psi-dict__col">
            {childList}
          </Col>
        </GridRow>
      ) : (
        <div className="psi-dict__stack">
          {parentList}
          {childList}
        </div>
      )}
    </div>
  );
}
