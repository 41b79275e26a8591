import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Card,
  Empty,
  Form,
  Input,
  InputNumber,
  Space,
  Spin,
  Tree,
  type TreeDataNode,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { regionResource, type Lang } from '@psi/db/model';
import {
  fetchRegion,
  fetchRegionLevel,
  removeRegion,
  submitRegion,
  systemKeys,
  type RegionBody,
} from '../../../api/system';
import { FieldValue } from '../../../components/resource/fields';
import { fieldRules, type DeclaredRow } from '../../../components/resource/model';
import { useCan } from '../../../hooks/permission';
import '../../../i18n/system';
import '../../../components/tree-page.css';
import './region.css';
import { useConfirm } from '../../../hooks/confirm';
import { useSaving } from '../../../hooks/saving';

const def = regionResource;
const field = (name: string) => def.fields.find((f) => f.name === name)!;

async function lazyChildren(parentCode: string): Promise<TreeDataNode[]> {
  const nodes = await fetchRegionLevel(parentCode);
  return nodes.map((node) => ({
    title: node.title,
    key: String(node.id),
    isLeaf: !node.hasChildren,
  }));
}

function setChildren(nodes: TreeDataNode[], key: string, children: TreeDataNode[]): TreeDataNode[] {
  return nodes.map((node) =>
    node.key === key
      ? { ...node, children, isLeaf: children.length === 0 }
      : node.children
        ? { ...node, children: setChildren(node.children, key, children) }
        : node,
  );
}

interface RegionFormProps {
  lang: Lang;
  editing: boolean;
  record: DeclaredRow | null;
  parentName: string;
  canSave: boolean;
  saving: boolean;
  onSave: (values: DeclaredRow) => void;
}

/** The form of one region (its own form state, so switching regions never carries values over). */
function RegionForm({ lang, editing, record, parentName, canSave, saving, onSave }: RegionFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeclaredRow>();
  const submit = async () => {
    try {
      onSave(await form.validateFields());
    } catch {
      // the form shows what is missing
    }
  };
  return (
    <Form<DeclaredRow>
      form={form}
      layout="vertical"
      className="psi-region-page__form"
      initialValues={
        editing
          ? { code: record?.code, name: record?.name, sort: record?.sort, remark: record?.remark }
          : { sort: 1 }
      }
    >
      <Form.Item label={t('sys.parentRegion')}>
        <Input disabled value={parentName} data-field="parentName" />
      </Form.Item>
      <Form.Item
        name="code"
        label={field('code').label[lang]}
        rules={fieldRules(def, field('code'), lang, 'add')}
      >
        <Input disabled={editing} data-field="code" />
      </Form.Item>
      <Form.Item
        name="name"
        label={field('name').label[lang]}
        rules={fieldRules(def, field('name'), lang, 'add')}
      >
        <Input data-field="name" />
      </Form.Item>
      {editing && record && (
        <Form.Item label={field('level').label[lang]}>
          <FieldValue field={field('level')} lang={lang} record={record} />
        </Form.Item>
      )}
      <Form.Item
        name="sort"
        label={field('sort').label[lang]}
        rules={fieldRules(def, field('sort'), lang, 'add')}
      >
        <InputNumber style={{ width: '100%' }} precision={0} data-field="sort" />
      </Form.Item>
      <Form.Item name="remark" label={field('remark').label[lang]}>
        <Input.TextArea rows={3} data-field="remark" />
      </Form.Item>
      {canSave && (
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          onClick={() => void submit()}
          data-testid="region-save"
        >
          {t('sys.save')}
        </Button>
      )}
    </Form>
  );
}

type Mode = { kind: 'edit'; code: string } | { kind: 'add'; parentCode: string; parentName: string };

/**
 * Regions (/base/region): the lazy tree of regions (a level's children load when it opens) beside the
 * form of the chosen one: change its name, sort and remark, add a child under it, or remove it.
 */
export default function RegionPage() {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const { message } = App.useApp();
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const has = useCan();
  const can = { add: has('region_add'), edit: has('region_edit'), remove: has('region_delete') };
  const [tree, setTree] = useState<TreeDataNode[] | null>(null);
  const [mode, setMode] = useState<Mode | null>(null);
  const { saving, run } = useSaving();
  const [expanded, setExpanded] = useState<string[]>([]);

  const roots = useQuery({
    queryKey: systemKeys.regionLazyTree('00'),
    queryFn: () => lazyChildren('00'),
  });
  const treeData = tree ?? roots.data ?? [];
  const selected = mode?.kind === 'edit' ? mode.code : '';
  const detail = useQuery({
    queryKey: systemKeys.regionDetail(selected),
    queryFn: () => fetchRegion(selected),
    enabled: Boolean(selected),
    gcTime: 0,
    staleTime: 0,
  });

  const reload = async (parentCode: string) => {
    const children = await lazyChildren(parentCode);
    setTree((previous) =>
      parentCode === '00' ? children : setChildren(previous ?? roots.data ?? [], parentCode, children),
    );
  };

  const save = async (values: RegionBody) => {
    await run(async () => {
      const body =
        mode?.kind === 'add'
          ? { ...values, parentCode: mode.parentCode }
          : { code: selected, name: values.name, sort: values.sort, remark: values.remark ?? '' };
      await submitRegion(body);
      void message.success(mode?.kind === 'add' ? t('crud.added') : t('crud.updated'));
      if (mode?.kind === 'add') {
        await reload(mode.parentCode);
        setExpanded((keys) => (keys.includes(mode.parentCode) ? keys : [...keys, mode.parentCode]));
        setMode({ kind: 'edit', code: String(values.code) });
      } else {
        await queryClient.invalidateQueries({ queryKey: systemKeys.regionDetail(selected) });
        const parent = String(detail.data?.parentCode ?? '00');
        await reload(parent === '0' ? '00' : parent);
      }
    });
  };

  const remove = () => {
    const row = detail.data;
    if (!row) return;
    confirm(
      t('crud.removeConfirm'),
      async () => {
        try {
          await removeRegion(selected);
        } catch {
          return; // refused (it has children): the client said why
        }
        void message.success(t('crud.removed'));
        setMode(null);
        await reload(String(row.parentCode));
      },
      { okButtonProps: { danger: true } },
    );
  };

  const editing = mode?.kind === 'edit';
  const record = editing ? detail.data : null;
  const formKey = editing ? `edit-${selected}-${detail.dataUpdatedAt}` : `add-${mode?.parentCode ?? ''}`;

  return (
    <div className="psi-tree-page psi-tree-page--wide">
      <Card className="psi-tree-page__tree" size="small" variant="borderless" title={t('sys.regionTree')}>
        {roots.isLoading ? (
          <Spin />
        ) : (
          <Tree
            blockNode
            treeData={treeData}
            selectedKeys={selected ? [selected] : []}
            expandedKeys={expanded}
            onExpand={(keys) => setExpanded(keys.map(String))}
            loadData={async (node) => {
              if (node.children) return;
              await reload(String(node.key));
            }}
            onSelect={(keys) => {
              if (keys.length) setMode({ kind: 'edit', code: String(keys[0]) });
            }}
            data-testid="region-tree"
          />
        )}
      </Card>
      <Card
        className="psi-tree-page__main"
        size="small"
        variant="borderless"
        title={t('sys.regionDetail')}
        extra={
          editing &&
          record && (
            <Space>
              {can.add && (
                <Button
                  icon={<PlusOutlined />}
                  onClick={() =>
                    setMode({ kind: 'add', parentCode: selected, parentName: String(record.name ?? '') })
                  }
                  data-testid="region-add-child"
                >
                  {t('sys.addChild')}
                </Button>
              )}
              {can.remove && (
                <Button danger icon={<DeleteOutlined />} onClick={remove} data-testid="region-delete">
                  {t('crud.delete')}
                </Button>
              )}
            </Space>
          )
        }
        data-testid="region-detail"
      >
        {!mode ? (
          <Empty description={t('sys.regionPick')} />
        ) : editing && detail.isLoading ? (
          <Spin />
        ) : (
          <RegionForm
            key={formKey}
            lang={lang}
            editing={editing}
            record={record ?? null}
            parentName={editing ? String(record?.parentName ?? '') : mode.parentName}
            canSave={editing ? can.edit : can.add}
            saving={saving}
            onSave={(values) => void save(values)}
          />
        )}
      </Card>
    </div>
  );
}
