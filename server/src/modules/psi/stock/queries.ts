import type Database from 'better-sqlite3';
import { formatMoney } from '@psi/db/model';
import type { StockLevel, WireStockRow } from '@psi/db/model/psi/index';
import { prepareNumbers } from '../../../core/data';
import { big, type PsiActor } from '../shared/env';

/**
 * The current stock of a depository (`psi_depository_stock` with its last movement), scoped like
 * every PSI list: the platform sees the tenant, a depository user its own depositories, a school
 * user no stock.
 */

/** The depositories whose stock the caller may read, or null for every one of the tenant. */
function stockScope(actor: PsiActor): string[] | null {
  if (actor.kind === 'platform') return null;
  if (actor.kind === 'depository') return actor.depositoryIds;
  return [];
}

export const inList = (ids: string[]) => ids.map(() => '?').join(',');

export type StockRow = StockLevel;

export interface StockFilters {
  depositoryId?: string;
  goodsIds?: string[];
  keyword?: string;
  low?: boolean;
  threshold: number;
}

function stockWhere(actor: PsiActor, scope: string[] | null, filters: StockFilters) {
  const where: string[] = ['s.tenant_id = ?', 's.is_deleted = 0'];
  const params: unknown[] = [actor.tenantId];
  if (scope) {
    where.push(`s.depository_id IN (${inList(scope)})`);
    params.push(...scope.map(big));
  }
  if (filters.depositoryId) {
    where.push('s.depository_id = ?');
    params.push(big(filters.depositoryId));
  }
  if (filters.goodsIds?.length) {
    where.push(`s.goods_id IN (${inList(filters.goodsIds)})`);
    params.push(...filters.goodsIds.map(big));
  }
  if (filters.keyword) {
    where.push(`(g.isbn LIKE ? OR g.goods_name LIKE ?)`);
    params.push(`%${filters.keyword.replace(/-/g, '')}%`, `%${filters.keyword}%`);
  }
  if (filters.low) {
    where.push('s.quantity <= ?');
    params.push(filters.threshold);
  }
  return { where, params };
}

/** A page of the caller's stock rows and their total. */
export function stockQuery(
  sqlite: Database.Database,
  actor: PsiActor,
  filters: StockFilters,
  limit: number,
  offset: number,
): { records: StockRow[]; total: number } {
  const scope = stockScope(actor);
  if (scope && scope.length === 0) return { records: [], total: 0 };
  const { where, params } = stockWhere(actor, scope, filters);
  const from = `FROM psi_depository_stock s
    JOIN psi_goods_info g ON g.id = s.goods_id
    JOIN psi_depository_info d ON d.id = s.depository_id
    LEFT JOIN psi_depository_log l ON l.id = s.last_log_id
    WHERE ${where.join(' AND ')}`;
  const total = prepareNumbers<{ n: number }>(sqlite, `SELECT COUNT(*) AS n ${from}`).get(...params)!.n;
  const records = prepareNumbers<StockRow>(
    sqlite,
    `SELECT CAST(s.depository_id AS TEXT) AS depositoryId, d.depository_name AS depositoryName,
              d.depository_code AS depositoryCode, CAST(s.goods_id AS TEXT) AS goodsId, g.isbn AS isbn,
              g.goods_name AS goodsName, g.publisher AS publisher, g.price AS price, s.quantity AS quantity,
              l.operate_time AS lastMoveTime, l.source_no AS lastSourceNo, l.source_type AS lastSourceType,
              l.change_quantity AS lastChange
       ${from}
       ORDER BY d.sort, d.depository_code, s.quantity, g.isbn LIMIT ? OFFSET ?`,
  ).all(...params, limit, offset);
  return { records, total };
}

export const wireStock = (r: StockRow, threshold: number): WireStockRow => ({
  ...r,
  id: `${r.depositoryId}-${r.goodsId}`,
  price: formatMoney(r.price),
  low: r.quantity <= threshold,
});
