import { useState } from 'react';
import { LoadingOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DatePicker,
  Image,
  Input,
  InputNumber,
  Select,
  Switch,
  Tag,
  TreeSelect,
  Typography,
  Upload,
} from 'antd';
import type { TreeSelectProps } from 'antd';
import {
  displayDiscount,
  displayMoney,
  fill,
  messages,
  parseDiscount,
  parseMoney,
  type FieldDef,
  type Lang,
} from '@psi/db/model';
import type { TreeNode } from '../../api/types';
import { displayFieldOf, type DeclaredRow } from './model';
import { optionLabel, treeLabel, useFieldOptions, useTreeData } from './queries';
import { uploadFile } from '../../api/resource';
import { RichText } from './RichText';

const selectKinds = new Set<FieldDef['kind']>([
  'dict',
  'select',
  'tree',
  'ref',
  'switch',
  'date',
  'datetime',
  'upload',
]);

/** "请输入参数名称" / "请选择菜单列表": the placeholder of a field, as the declaration's messages say. */
export function placeholderOf(field: FieldDef, lang: Lang): string {
  const template = selectKinds.has(field.kind) ? messages.requiredSelect : messages.required;
  const label = field.label[lang];
  // "Please enter parameter name", but "Please enter ISBN": an English label reads mid-sentence
  const inSentence =
    lang === 'en' && !/^[A-Z]{2}/.test(label) ? label.charAt(0).toLowerCase() + label.slice(1) : label;
  return fill(template[lang], { label: inSentence });
}

function toTreeData(nodes: readonly TreeNode[]): NonNullable<TreeSelectProps['treeData']> {
  return nodes.map((node) => ({
    title: node.title,
    value: String(node.value ?? node.id),
    key: String(node.key ?? node.id),
    ...(node.children && node.children.length > 0 ? { children: toTreeData(node.children) } : {}),
  }));
}

function isImageLink(link: string): boolean {
  return /\.(png|jpe?g|gif|webp|svg|bmp)(\?.*)?$/i.test(link);
}

interface ControlProps {
  field: FieldDef;
  lang: Lang;
  disabled?: boolean;
  /** Given by Form.Item. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

/** The props of a form control, for own controls of a field (given value / onChange / id by Form.Item). */
export type FieldControlProps = ControlProps;

function SwitchControl({ field, lang, disabled, value, onChange, id }: ControlProps) {
  const [off, on] = field.options ?? [
    { value: 0, label: { zh: '否', en: 'No' } },
    { value: 1, label: { zh: '是', en: 'Yes' } },
  ];
  return (
    <Switch
      id={id}
      disabled={disabled}
      checked={String(value) === String(on.value)}
      checkedChildren={on.label[lang]}
      unCheckedChildren={off.label[lang]}
      onChange={(checked) => onChange?.(checked ? on.value : off.value)}
      data-field={field.name}
    />
  );
}

function OptionsControl({ field, lang, disabled, value, onChange, id }: ControlProps) {
  const { options, loading } = useFieldOptions(field, lang);
  return (
    <Select
      id={id}
      disabled={disabled}
      value={value}
      onChange={(next) => onChange?.(next)}
      loading={loading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={placeholderOf(field, lang)}
      options={options}
      data-field={field.name}
    />
  );
}

function TreeControl({ field, lang, disabled, value, onChange, id }: ControlProps) {
  const { tree, loading } = useTreeData(field.tree?.url);
  const multiple = Boolean(field.tree?.multiple);
  return (
    <TreeSelect
      id={id}
      disabled={disabled}
      value={value as string | string[] | undefined}
      onChange={(next: unknown) => onChange?.(next)}
      loading={loading}
      treeData={toTreeData(tree)}
      allowClear
      showSearch={{ treeNodeFilterProp: 'title' }}
      placeholder={placeholderOf(field, lang)}
      treeDefaultExpandAll={!multiple}
      {...(multiple
        ? {
            treeCheckable: true,
            showCheckedStrategy: TreeSelect.SHOW_ALL,
            maxTagCount: 'responsive' as const,
          }
        : {})}
      styles={{ popup: { root: { maxHeight: 400, overflow: 'auto' } } }}
      data-field={field.name}
    />
  );
}

function UploadControl({ field, lang, disabled, value, onChange }: ControlProps) {
  const [busy, setBusy] = useState(false);
  const link = typeof value === 'string' ? value : '';
  return (
    <Upload
      listType="picture-card"
      showUploadList={false}
      disabled={disabled || busy}
      customRequest={({ file, onSuccess, onError }) => {
        setBusy(true);
        uploadFile(file as Blob)
          .then((uploaded) => {
            onChange?.(uploaded.link);
            onSuccess?.(uploaded);
          })
          .catch((error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))))
          .finally(() => setBusy(false));
      }}
      data-field={field.name}
    >
      {link && isImageLink(link) ? (
        <img src={link} alt={field.label[lang]} className="psi-upload__image" />
      ) : (
        <div className="psi-upload__empty">
          {busy ? <LoadingOutlined /> : link ? <PaperClipOutlined /> : <PlusOutlined />}
          <div>{link ? link.split('/').pop() : field.label[lang]}</div>
        </div>
      )}
    </Upload>
  );
}

/** The form control of a field by its kind. */
export function FieldControl(props: ControlProps) {
  const { field, lang, disabled, value, onChange, id } = props;
  const placeholder = placeholderOf(field, lang);
  switch (field.kind) {
    case 'switch':
      return <SwitchControl {...props} />;
    case 'dict':
    case 'select':
      return <OptionsControl {...props} />;
    case 'tree':
      return <TreeControl {...props} />;
    case 'upload':
      return <UploadControl {...props} />;
    case 'richtext':
      return (
        <RichText
          id={id}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={(html) => onChange?.(html)}
          placeholder={placeholder}
          label={field.label[lang]}
          field={field.name}
        />
      );
    case 'textarea':
      return (
        <Input.TextArea
          id={id}
          disabled={disabled}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={placeholder}
          autoSize={{ minRows: 3, maxRows: 8 }}
          data-field={field.name}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          disabled={disabled}
          value={value as number | null | undefined}
          onChange={(next) => onChange?.(next)}
          placeholder={placeholder}
          min={field.min}
          max={field.max}
          precision={0}
          className="psi-field--wide"
          data-field={field.name}
        />
      );
    case 'money':
      return (
        <InputNumber<string>
          id={id}
          disabled={disabled}
          value={value === undefined || value === null ? undefined : String(value)}
          onChange={(next) => onChange?.(next)}
          placeholder={placeholder}
          min="0"
          precision={2}
          stringMode
          prefix="¥"
          className="psi-field--wide"
          data-field={field.name}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          id={id}
          disabled={disabled}
          value={value as never}
          onChange={(next) => onChange?.(next)}
          placeholder={placeholder}
          showTime={field.kind === 'datetime'}
          className="psi-field--wide"
          data-field={field.name}
        />
      );
    case 'password':
      return (
        <Input.Password
          id={id}
          disabled={disabled}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={placeholder}
          autoComplete="new-password"
          data-field={field.name}
        />
      );
    default:
      return (
        <Input
          id={id}
          disabled={disabled}
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={placeholder}
          allowClear={!disabled}
          data-field={field.name}
        />
      );
  }
}

function OptionTag({ field, lang, value }: { field: FieldDef; lang: Lang; value: unknown }) {
  const { options } = useFieldOptions(field, lang);
  const label = optionLabel(options, value);
  if (field.kind === 'switch') {
    const on = field.options?.[1]?.value ?? 1;
    return <Tag color={String(value) === String(on) ? 'orange' : 'green'}>{label ?? String(value)}</Tag>;
  }
  return <Tag>{label ?? String(value)}</Tag>;
}

function TreeText({ field, value }: { field: FieldDef; value: unknown }) {
  const { tree } = useTreeData(field.tree?.url);
  const ids = String(value).split(',').filter(Boolean);
  return <>{ids.map((id) => treeLabel(tree, id) ?? id).join(', ')}</>;
}

/** A field's value for reading (table cell, view dialog): labels for coded values, formatted money. */
export function FieldValue({ field, lang, record }: { field: FieldDef; lang: Lang; record: DeclaredRow }) {
  const value = record[field.name];
  if (value === undefined || value === null || value === '') {
    return <span className="psi-empty-value">-</span>;
  }
  if (field.unlimited !== undefined && Number(value) === field.unlimited)
    return <>{messages.unlimited[lang]}</>;
  if (field.display === 'discount') {
    const bp = parseDiscount(value);
    return <>{bp === null ? String(value) : displayDiscount(bp, lang)}</>;
  }
  switch (field.kind) {
    case 'dict':
    case 'select':
    case 'switch':
      return <OptionTag field={field} lang={lang} value={value} />;
    case 'tree': {
      const joined = displayFieldOf(field);
      const name = joined ? record[joined] : undefined;
      if (typeof name === 'string' && name) return <>{name}</>;
      return <TreeText field={field} value={value} />;
    }
    case 'money': {
      const cents = parseMoney(value);
      return <span className="psi-money">{cents === null ? String(value) : displayMoney(cents)}</span>;
    }
    case 'upload': {
      const link = String(value);
      return isImageLink(link) ? (
        <Image src={link} width={36} height={36} className="psi-thumb" alt={field.label[lang]} />
      ) : (
        <Typography.Link href={link} target="_blank" rel="noopener noreferrer">
          {link.split('/').pop()}
        </Typography.Link>
      );
    }
    case 'password':
      return <span>******</span>;
    default:
      return <>{typeof value === 'object' ? JSON.stringify(value) : String(value)}</>;
  }
}
