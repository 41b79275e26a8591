import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';
import { site } from '../../config/site';

/**
 * The page and page size of a server-paged list, and the table's pager for a total: a new page size
 * goes back to the first page. `first` goes back to it after a new search.
 */
export function usePaging() {
  const { t } = useTranslation();
  const [current, setCurrent] = useState(1);
  const [size, setSize] = useState<number>(site.pageSize);
  const pagination = (total: number): TablePaginationConfig => ({
    current,
    pageSize: size,
    total,
    showSizeChanger: true,
    pageSizeOptions: site.pageSizes.map(String),
    showTotal: (count) => t('crud.total', { total: count }),
    onChange: (p, s) => {
      if (s !== size) {
        setSize(s);
        setCurrent(1);
      } else setCurrent(p);
    },
  });
  return { current, size, first: () => setCurrent(1), pagination };
}
