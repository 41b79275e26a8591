import { DatePicker, Form, Input, InputNumber } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FieldDef, Lang } from '@psi/db/model';
import { SearchForm } from '../table/SearchForm';
import { FieldControl, placeholderOf } from './fields';
import type { DeclaredRow } from './model';

interface RangeProps {
  field: FieldDef;
  value?: RangeValue;
  onChange?: (value: RangeValue) => void;
}

type RangeValue = [Dayjs | null, Dayjs | null] | null;

/** A date range (days): the list sends `<field>_dategt` and `<field>_datelt`. */
function RangeControl({ field, value, onChange }: RangeProps) {
  const { t } = useTranslation();
  return (
    <div data-field={field.name} className="psi-field--wide">
      <DatePicker.RangePicker
        className="psi-field--wide"
        value={value}
        onChange={(next) => onChange?.(next)}
        placeholder={[t('crud.startDate'), t('crud.endDate')]}
        allowEmpty={[true, true]}
      />
    </div>
  );
}

interface SearchControlProps {
  field: FieldDef;
  lang: Lang;
  /** Given by Form.Item, forwarded to the control. */
  value?: unknown;
  onChange?: (value: unknown) => void;
  id?: string;
}

function SearchControl({ field, lang, value, onChange, id }: SearchControlProps) {
  if (field.search === 'dateRange') {
    return <RangeControl field={field} value={value as RangeValue | undefined} onChange={onChange} />;
  }
  switch (field.kind) {
    case 'dict':
    case 'select':
    case 'tree':
      return <FieldControl field={field} lang={lang} value={value} onChange={onChange} id={id} />;
    case 'switch':
      // A yes/no filter needs a third state, "any": a select of the two values.
      return (
        <FieldControl
          field={{ ...field, kind: 'select' }}
          lang={lang}
          value={value}
          onChange={onChange}
          id={id}
        />
      );
    case 'number':
      return (
        <InputNumber
          id={id}
          className="psi-field--wide"
          value={value as number | null | undefined}
          onChange={(next) => onChange?.(next)}
          placeholder={placeholderOf(field, lang)}
          data-field={field.name}
        />
      );
    default:
      return (
        <Input
          id={id}
          allowClear
          value={value as string | undefined}
          onChange={(event) => onChange?.(event.target.value)}
          placeholder={placeholderOf(field, lang)}
          data-field={field.name}
        />
      );
  }
}

interface SearchBarProps {
  fields: FieldDef[];
  lang: Lang;
  onSearch: (values: DeclaredRow) => void;
}

/**
 * The search bar of a resource page: one control per searchable field (the first three shown, the rest
 * behind "expand"), Enter or "search" applies it.
 */
export function SearchBar({ fields, lang, onSearch }: SearchBarProps) {
  const [form] = Form.useForm<DeclaredRow>();
  if (fields.length === 0) return null;
  return (
    <SearchForm<DeclaredRow>
      form={form}
      className="psi-search"
      onSearch={(values) => onSearch(values)}
      onReset={() => onSearch({})}
      data-testid="resource-search"
    >
      {fields.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={field.label[lang]}
          className={
            field.search === 'dateRange' ? 'psi-search__item psi-search__item--wide' : 'psi-search__item'
          }
        >
          <SearchControl field={field} lang={lang} />
        </Form.Item>
      ))}
    </SearchForm>
  );
}
