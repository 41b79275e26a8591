import { type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Col, Descriptions, Form, Row as GridRow, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Lang, ResourceDef } from '@psi/db/model';
import { useDiscardGuard } from '../discard/useDiscardGuard';
import { RecordDialogFrame } from './RecordDialogFrame';
import { fetchDetail, resourceKeys, submitRecord } from '../../api/resource';
import { FieldControl, FieldValue, type FieldControlProps } from './fields';
import {
  detailFields,
  dialogWidthOf,
  fieldRules,
  formItems,
  initialFormValues,
  toSubmitBody,
  type DialogMode,
  type DeclaredRow,
} from './model';
import { useSaving } from '../../hooks/saving';
import { validValues } from '../../utils/form';

interface ResourceDialogProps {
  def: ResourceDef;
  lang: Lang;
  mode: DialogMode;
  /** The row being edited or viewed (its detail is fetched again), null to add. */
  record: DeclaredRow | null;
  /** Values an add starts with and that are sent even when their field is not editable. */
  fixedValues?: DeclaredRow;
  onClose: () => void;
  /** After a successful submit, with the body that was sent. */
  onSaved: (body: DeclaredRow) => void;
  /** Own form controls for some fields (by field name). */
  controls?: Record<string, ComponentType<FieldControlProps>>;
}

function FormBody({
  def,
  lang,
  mode,
  record,
  fixedValues,
  onClose,
  onCancel,
  onSaved,
  controls,
  form,
}: ResourceDialogProps & { mode: 'add' | 'edit'; form: FormInstance<DeclaredRow>; onCancel: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { saving, run } = useSaving();
  const items = formItems(def, mode);

  const submit = async () => {
    const values = await validValues(form);
    if (!values) return;
    await run(async () => {
      const body = toSubmitBody(def, { ...form.getFieldsValue(true), ...values }, mode, record, fixedValues);
      await submitRecord(def.api, body);
      void message.success(mode === 'add' ? t('crud.added') : t('crud.updated'));
      onSaved(body);
      onClose();
    });
  };

  return (
    <>
      <Form<DeclaredRow>
        form={form}
        layout="vertical"
        className="psi-resource-form"
        initialValues={initialFormValues(def, mode, record, fixedValues)}
        onFinish={() => void submit()}
        data-testid="resource-form"
      >
        <GridRow gutter={16}>
          {items.map(({ field, disabled, span }) => (
            <Col key={field.name} xs={24} sm={span} data-field-item={field.name}>
              <Form.Item
                name={field.name}
                label={field.label[lang]}
                rules={fieldRules(def, field, lang, mode)}
              >
                {(() => {
                  const Control = controls?.[field.name] ?? FieldControl;
                  return <Control field={field} lang={lang} disabled={disabled} />;
                })()}
              </Form.Item>
            </Col>
          ))}
        </GridRow>
      </Form>
      <div className="psi-dialog-footer">
        <Button onClick={onCancel} data-testid="dialog-cancel">
          {t('common.cancel')}
        </Button>
        <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="dialog-submit">
          {mode === 'add' ? t('crud.save') : t('crud.update')}
        </Button>
      </div>
    </>
  );
}

function ViewBody({
  def,
  lang,
  record,
  onClose,
}: Pick<ResourceDialogProps, 'def' | 'lang' | 'record' | 'onClose'>) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions
        bordered
        size="middle"
        column={{ xs: 1, sm: 2 }}
        data-testid="resource-detail"
        items={detailFields(def).map((field) => ({
          key: field.name,
          label: field.label[lang],
          span: field.kind === 'textarea' || field.kind === 'richtext' ? 2 : 1,
          children: record ? <FieldValue field={field} lang={lang} record={record} /> : null,
        }))}
      />
      <div className="psi-dialog-footer">
        <Button onClick={onClose} data-testid="dialog-close">
          {t('common.close')}
        </Button>
      </div>
    </>
  );
}

/**
 * The add / edit / view dialog of a resource page, at the declaration's width. Edit and view show the
 * record's detail (fetched again, so the form holds every field, not only the table's).
 */
export function ResourceDialog(props: ResourceDialogProps) {
  const { t } = useTranslation();
  const { def, lang, mode, record, onClose } = props;
  const id = record?.id === undefined ? '' : String(record.id);
  const detail = useQuery({
    queryKey: resourceKeys.detail(def.key, id),
    queryFn: () => fetchDetail(def.api, id),
    enabled: mode !== 'add' && Boolean(id),
    gcTime: 0,
    staleTime: 0,
  });
  const loaded =
    mode === 'add'
      ? null
      : detail.data && Object.keys(detail.data).length > 0
        ? { ...record, ...detail.data }
        : record;
  const titles = { add: t('crud.addTitle'), edit: t('crud.editTitle'), view: t('crud.viewTitle') };
  const [form] = Form.useForm<DeclaredRow>();
  // Esc, × and cancel ask before a changed form is thrown away
  const guard = useDiscardGuard(() => mode !== 'view' && form.isFieldsTouched(), onClose);

  return (
    <RecordDialogFrame
      title={`${titles[mode]} · ${def.title[lang]}`}
      width={dialogWidthOf(def)}
      onCancel={guard.close}
      testId="resource-dialog"
      loading={mode !== 'add' && detail.isLoading}
    >
      {mode === 'view' ? (
        <ViewBody def={def} lang={lang} record={loaded} onClose={onClose} />
      ) : (
        <FormBody {...props} mode={mode} record={loaded} form={form} onCancel={guard.close} />
      )}
    </RecordDialogFrame>
  );
}
