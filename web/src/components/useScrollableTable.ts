import { useEffect, useRef } from 'react';
import type { TableRef } from 'antd/es/table';

/**
 * A table that scrolls sideways and holds nothing focusable (no links, no buttons) would be out of
 * the keyboard's reach: its scrolling area joins the Tab order, so the arrow keys scroll it.
 */
export function useScrollableTable(label: string) {
  const ref = useRef<TableRef>(null);
  useEffect(() => {
    const area = ref.current?.nativeElement?.querySelector<HTMLElement>('.ant-table-content');
    if (!area) return;
    area.tabIndex = 0;
    area.setAttribute('role', 'region');
    area.setAttribute('aria-label', label);
  });
  return ref;
}
