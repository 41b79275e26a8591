import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  columnPriority,
  purchaseorderdepositoryResource,
  purchaseorderyyptResource,
  psiResources,
  tableFields,
  userResource,
} from '@psi/db/model';
import { tableColumns } from '../src/components/resource/model';
import {
  arrange,
  byPriority,
  defaultPrefs,
  moveColumn,
  parsePrefs,
  shownColumns,
  toggleAll,
  toggleColumn,
  type ColumnMeta,
} from '../src/components/table/prefs';
import { prefsKey, useTablePrefs } from '../src/components/table/useTablePrefs';
import { resetStores, signIn } from './helpers';

const columns: ColumnMeta[] = [
  { key: 'term', title: '学期' },
  { key: 'orderNo', title: '单据编号', priority: 'key' },
  { key: 'remark', title: '备注', priority: 'optional' },
  { key: 'status', title: '状态', priority: 'key' },
  { key: 'submitTime', title: '提交时间' },
];
const keys = (list: { key: string }[]) => list.map((column) => column.key);

describe('column priority', () => {
  it('puts key columns first, in their own order, the others after in theirs', () => {
    expect(keys(byPriority(columns))).toEqual(['orderNo', 'status', 'term', 'remark', 'submitTime']);
  });

  it('starts with optional columns hidden and key columns first', () => {
    const prefs = defaultPrefs(columns);
    expect(prefs).toEqual({
      order: ['orderNo', 'status', 'term', 'remark', 'submitTime'],
      hidden: ['remark'],
      density: 'middle',
    });
    expect(keys(shownColumns(columns, prefs))).toEqual(['orderNo', 'status', 'term', 'submitTime']);
  });

  it('keeps the saved order and places columns added since at their default place after it', () => {
    const prefs = { order: ['status', 'orderNo'], hidden: [], density: 'small' as const };
    expect(keys(shownColumns(columns, prefs))).toEqual(['status', 'orderNo', 'term', 'remark', 'submitTime']);
    // a saved column that no longer exists is ignored
    expect(keys(shownColumns(columns, { ...prefs, order: ['gone', 'term'] }))).toEqual([
      'term',
      'orderNo',
      'status',
      'remark',
      'submitTime',
    ]);
  });

  it('moves a column up and down, not past the ends', () => {
    const prefs = defaultPrefs(columns);
    expect(moveColumn(columns, prefs, 'term', -1).order).toEqual([
      'orderNo',
      'term',
      'status',
      'remark',
      'submitTime',
    ]);
    expect(moveColumn(columns, prefs, 'orderNo', -1)).toBe(prefs);
    expect(moveColumn(columns, prefs, 'submitTime', 1)).toBe(prefs);
  });

  it('hides and shows columns, but never the last one shown', () => {
    let prefs = toggleAll(columns, defaultPrefs(columns), false);
    expect(arrange(columns, prefs).filter((entry) => entry.shown)).toHaveLength(1);
    expect(toggleColumn(columns, prefs, 'orderNo', false)).toBe(prefs);
    prefs = toggleColumn(columns, prefs, 'remark', true);
    expect(keys(shownColumns(columns, prefs))).toEqual(['orderNo', 'remark']);
    expect(toggleAll(columns, prefs, true).hidden).toEqual([]);
    // even a saved state hiding everything shows the first column
    expect(keys(shownColumns(columns, { ...prefs, hidden: keys(columns) }))).toEqual(['orderNo']);
  });

  it('reads saved settings back, falling back on anything malformed', () => {
    const fallback = defaultPrefs(columns);
    expect(parsePrefs(null, fallback)).toBe(fallback);
    expect(parsePrefs('{not json', fallback)).toBe(fallback);
    expect(parsePrefs('42', fallback)).toBe(fallback);
    expect(parsePrefs('{"hidden":["term",3],"density":"huge"}', fallback)).toEqual({
      order: fallback.order,
      hidden: ['term'],
      density: 'middle',
    });
  });
});

describe('declared key columns', () => {
  it('come from the declaration: number, party, amount and status of the document lists', () => {
    for (const def of [purchaseorderyyptResource, purchaseorderdepositoryResource]) {
      const first = byPriority(tableColumns(def, 'en')).slice(0, 4);
      expect(keys(first)).toEqual(['orderNo', 'schoolName', 'totalAmount', 'orderStatus']);
    }
    expect(columnPriority(userResource, 'account')).toBe('key');
    expect(columnPriority(userResource, 'email')).toBeUndefined();
  });

  it('are always table columns', () => {
    for (const def of psiResources) {
      const shown = tableFields(def).map((field) => field.name);
      for (const field of def.fields.filter((entry) => entry.priority === 'key'))
        expect(shown, `${def.key}.${field.name}`).toContain(field.name);
    }
  });
});

describe('remembered settings', () => {
  beforeEach(() => {
    localStorage.clear();
    resetStores();
  });

  it('are kept per user and table in localStorage, and reset to the defaults', () => {
    signIn({ user_id: 'u-1' });
    const { result } = renderHook(() => useTablePrefs('orders', columns));
    expect(result.current.prefs.hidden).toEqual(['remark']);
    act(() => result.current.save(toggleColumn(columns, result.current.prefs, 'term', false)));
    expect(result.current.prefs.hidden).toEqual(['remark', 'term']);
    expect(JSON.parse(localStorage.getItem(prefsKey('u-1', 'orders'))!)).toMatchObject({
      hidden: ['remark', 'term'],
    });

    // the same user sees them again; another user and another table start from the defaults
    expect(renderHook(() => useTablePrefs('orders', columns)).result.current.prefs.hidden).toEqual([
      'remark',
      'term',
    ]);
    expect(renderHook(() => useTablePrefs('stock', columns)).result.current.prefs.hidden).toEqual(['remark']);
    signIn({ user_id: 'u-2' });
    expect(renderHook(() => useTablePrefs('orders', columns)).result.current.prefs.hidden).toEqual([
      'remark',
    ]);

    signIn({ user_id: 'u-1' });
    const again = renderHook(() => useTablePrefs('orders', columns)).result;
    act(() => again.current.reset());
    expect(again.current.prefs.hidden).toEqual(['remark']);
    expect(localStorage.getItem(prefsKey('u-1', 'orders'))).toBeNull();
  });
});
