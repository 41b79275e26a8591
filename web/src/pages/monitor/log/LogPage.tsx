import { useQuery } from '@tanstack/react-query';
import { RowDialogPage } from '../../../components/resource/RowDialogPage';
import { ProfileOutlined } from '@ant-design/icons';
import { Descriptions, Drawer, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, ResourceDef } from '@psi/db/model';
import { fetchDetail, resourceKeys } from '../../../api/resource';
import { FieldValue } from '../../../components/resource/fields';
import { adaptResource, type DeclaredRow } from '../../../components/resource/model';
import { useCan } from '../../../hooks/permission';
import '../../../i18n/system';
import './log.css';

/** Long text of a log (parameters, data, stack) in a readable block; JSON is indented. */
function Block({ text, testId }: { text: string; testId: string }) {
  let shown = text;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object') shown = JSON.stringify(parsed, null, 2);
  } catch {
    // not JSON: as it is
  }
  return (
    <pre className="psi-log-block" data-testid={testId}>
      {shown}
    </pre>
  );
}

function LogDrawer({ def, record, onClose }: { def: ResourceDef; record: DeclaredRow; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh';
  const detail = useQuery({
    queryKey: resourceKeys.detail(def.key, String(record.id)),
    queryFn: () => fetchDetail(def.api, String(record.id)),
    gcTime: 0,
  });
  const row = { ...record, ...(detail.data ?? {}) };
  const short = def.fields.filter((field) => field.kind !== 'textarea');
  const long = def.fields.filter((field) => field.kind === 'textarea' && row[field.name]);
  return (
    <Drawer open width={820} title={t('sys.logDetail')} onClose={onClose} data-testid="log-detail">
      {detail.isLoading ? (
        <Spin />
      ) : (
        <>
          <Descriptions
            bordered
            size="small"
            column={2}
            styles={{ label: { width: 96, whiteSpace: 'nowrap' } }}
            items={short.map((field) => ({
              key: field.name,
              label: field.label[lang],
              children: <FieldValue field={field} lang={lang} record={row} />,
            }))}
          />
          {long.map((field) => (
            <section key={field.name} className="psi-log-section">
              <Typography.Title level={5}>{field.label[lang]}</Typography.Title>
              <Block text={String(row[field.name])} testId={`log-${field.name}`} />
            </section>
          ))}
        </>
      )}
    </Drawer>
  );
}

/** Usual, api and error logs: filters of the declaration, newest first, the detail in a drawer. */
export function LogPage({ def }: { def: ResourceDef }) {
  const { t } = useTranslation();
  const can = useCan();
  const listDef = adaptResource(def, { resource: { ops: { ...def.ops, view: false } } });
  return (
    <RowDialogPage
      def={listDef}
      allowed={can(`${def.permission}_view`)}
      button={{ icon: <ProfileOutlined />, label: t('sys.detail'), testId: 'row-detail' }}
      dialog={(record, close) => <LogDrawer def={def} record={record} onClose={close} />}
    />
  );
}
