import { useState } from 'react';
import { storageKey } from '../../config/site';
import { useSession } from '../../stores/session';
import { defaultPrefs, parsePrefs, type ColumnMeta, type Density, type TablePrefs } from './prefs';

/** Where a user's settings of one table live: `saber-table-<user id>-<table>`. */
export const prefsKey = (userId: string, table: string) => storageKey(`table-${userId}-${table}`);

/**
 * The column settings of a table (shown columns, order, density) for the signed-in user, remembered
 * in localStorage per user and table. `reset` brings back the defaults of the declaration.
 */
export function useTablePrefs(table: string, columns: readonly ColumnMeta[], density: Density = 'middle') {
  const userId = useSession((state) => state.userInfo?.user_id ?? '');
  const key = prefsKey(userId, table);
  const fallback = defaultPrefs(columns, density);
  // what was chosen in this page's life; before that, what was saved earlier (read when needed)
  const [chosen, setChosen] = useState<{ key: string; prefs: TablePrefs | null }>({ key, prefs: null });
  const prefs = (chosen.key === key ? chosen.prefs : null) ?? parsePrefs(localStorage.getItem(key), fallback);
  const save = (next: TablePrefs) => {
    setChosen({ key, prefs: next });
    localStorage.setItem(key, JSON.stringify(next));
  };
  const reset = () => {
    setChosen({ key, prefs: fallback });
    localStorage.removeItem(key);
  };
  return { prefs, save, reset };
}
