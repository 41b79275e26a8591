import { Children, useState, type ReactNode } from 'react';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { Button, Form, Space, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import '../../i18n/table';
import './table.css';

/** How many search fields show before "expand". */
const SEARCH_FIELDS_SHOWN = 3;

interface SearchFormProps<T> {
  form: FormInstance<T>;
  onSearch: (values: T) => void;
  /** After the fields were cleared. */
  onReset: () => void;
  /** One `Form.Item` per field. */
  children: ReactNode;
  className?: string;
  'data-testid'?: string;
}

/**
 * The search bar of every list: its fields, the first three shown and the rest behind 展开 / Expand,
 * then 查询 / 重置 (Search / Reset). Hidden fields stay in the form and keep their values.
 */
export function SearchForm<T extends object>({
  form,
  onSearch,
  onReset,
  children,
  className,
  'data-testid': testId,
}: SearchFormProps<T>) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(false);
  const fields = Children.toArray(children);
  const folding = fields.length > SEARCH_FIELDS_SHOWN;
  return (
    <Form<T>
      form={form}
      layout="inline"
      className={['psi-search-form', className].filter(Boolean).join(' ')}
      onFinish={onSearch}
      data-testid={testId}
    >
      {fields.slice(0, SEARCH_FIELDS_SHOWN)}
      {folding && (
        <div className="psi-search__more" hidden={!expanded} data-testid="search-more">
          {fields.slice(SEARCH_FIELDS_SHOWN)}
        </div>
      )}
      <Form.Item className="psi-search__actions">
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />} data-testid="search-submit">
            {t('table.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            data-testid="search-reset"
            onClick={() => {
              form.resetFields();
              onReset();
            }}
          >
            {t('table.reset')}
          </Button>
          {folding && (
            <Button
              type="link"
              icon={expanded ? <UpOutlined /> : <DownOutlined />}
              iconPlacement="end"
              aria-expanded={expanded}
              onClick={() => setExpanded((open) => !open)}
              data-testid="search-toggle"
            >
              {expanded ? t('table.collapse') : t('table.expand')}
            </Button>
          )}
        </Space>
      </Form.Item>
    </Form>
  );
}
