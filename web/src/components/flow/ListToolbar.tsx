import type { ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../table/SearchForm';
import { usePagedList } from '../../hooks/usePagedList';
import type { Page } from '../../api/types';
import { flowKeys, useFlowCategories, type FlowRow, type Params } from '../../api/flow';

export interface ListSearch extends Params {
  processDefinitionName?: string;
  category?: string;
}

/** Search by process name and category (the `flow` dictionary), used by every workflow list. */
export function ListSearchBar({ onSearch }: { onSearch: (values: ListSearch) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ListSearch>();
  const categories = useFlowCategories();
  return (
    <SearchForm<ListSearch>
      form={form}
      className="flow-search"
      onSearch={(values) => onSearch(values)}
      onReset={() => onSearch({})}
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
    </SearchForm>
  );
}

/**
 * A paged workflow list on the web's one list engine (`usePagedList`): its search (a new search goes
 * back to page 1), its page and its query under `['flow', ...key, params]`; `table` spreads onto the
 * antd Table (loading, rows, pagination).
 */
export function useFlowList<S extends Params>(
  key: readonly unknown[],
  fetch: (params: Params) => Promise<Page<FlowRow>>,
  options: { filters?: Params; refetchOnMount?: 'always' } = {},
) {
  const list = usePagedList<Page<FlowRow>, S>({
    queryKey: (params) => flowKeys.list(key, params),
    fetch,
    fixed: options.filters,
    ...(options.refetchOnMount ? { refetchOnMount: options.refetchOnMount } : {}),
  });
  const table = {
    loading: list.fetching,
    dataSource: list.records,
    pagination: list.pagination,
  } satisfies TableProps<FlowRow>;
  return {
    query: list.query,
    page: { current: list.current, size: list.size },
    table,
    firstPage: list.first,
    search: (values: S) => list.search(values),
  };
}

/** The button row above a workflow list: the page's own buttons, then "refresh". */
export function ListActions({ onRefresh, children }: { onRefresh: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Space style={{ marginBottom: 12 }}>
      {children}
      <Button icon={<ReloadOutlined />} onClick={onRefresh}>
        {t('flow.common.refresh')}
      </Button>
    </Space>
  );
}

/** The label of a process category value (`flow_<dictKey>`), translated by its route when known. */
export function useCategoryLabel() {
  const { t } = useTranslation();
  const categories = useFlowCategories();
  return (value: unknown) => {
    const c = categories.find((x) => x.value === value);
    return c ? t(`flow.categories.${c.route}`, { defaultValue: c.label }) : String(value ?? '');
  };
}
