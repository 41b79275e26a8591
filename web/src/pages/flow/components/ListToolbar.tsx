import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFlowCategories } from '../api';

export interface ListSearch {
  processDefinitionName?: string;
  category?: string;
}

/** Search by process name and category (the `flow` dictionary), used by every workflow list. */
export function ListSearchBar({ onSearch }: { onSearch: (values: ListSearch) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ListSearch>();
  const categories = useFlowCategories();
  return (
    <Form
      form={form}
      layout="inline"
      className="flow-search"
      onFinish={(values) => onSearch(values)}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      <Form.Item name="processDefinitionName" label={t('flow.common.processName')}>
        <Input allowClear style={{ width: 200 }} />
      </Form.Item>
      <Form.Item name="category" label={t('flow.common.category')}>
        <Select
          allowClear
          style={{ width: 180 }}
          options={categories.map((c) => ({ value: c.value, label: c.label }))}
        />
      </Form.Item>
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
            {t('flow.common.search')}
          </Button>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              form.resetFields();
              onSearch({});
            }}
          >
            {t('flow.common.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
