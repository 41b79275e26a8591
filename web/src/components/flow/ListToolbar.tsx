import { useState, type ReactNode } from 'react';
import { ReloadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Form, Input, Select, Space, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { SearchForm } from '../table/SearchForm';
import type { Page } from '../../api/types';
import { flowKeys, useFlowCategories, type FlowRow, type Params } from '../../api/flow';

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
 * A paged workflow list: its search (a new search goes back to page 1), its page and its query under
 * `['flow', ...key, params]`; `table` spreads onto the antd Table (loading, rows, pagination).
 */
export function useFlowList<S extends object>(
  key: readonly unknown[],
  fetch: (params: Params) => Promise<Page<FlowRow>>,
  options: { filters?: Params; refetchOnMount?: 'always' } = {},
) {
  const [search, setSearch] = useState<S>({} as S);
  const [page, setPage] = useState({ current: 1, size: 10 });
  const params: Params = {
    ...(search as Params),
    ...options.filters,
    current: page.current,
    size: page.size,
  };
  const query = useQuery({
    queryKey: flowKeys.list(key, params),
    queryFn: () => fetch(params),
    placeholderData: keepPreviousData,
    ...(options.refetchOnMount ? { refetchOnMount: options.refetchOnMount } : {}),
  });
  const firstPage = () => setPage((p) => ({ ...p, current: 1 }));
  const table = {
    loading: query.isFetching,
    dataSource: query.data?.records ?? [],
    pagination: {
      current: page.current,
      pageSize: page.size,
      total: query.data?.total ?? 0,
      showSizeChanger: true,
      pageSizeOptions: [10, 30, 50, 100, 200],
      onChange: (current: number, size: number) => setPage({ current, size }),
    },
  } satisfies TableProps<FlowRow>;
  return {
    query,
    page,
    table,
    firstPage,
    search: (values: S) => {
      setSearch(values);
      firstPage();
    },
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
