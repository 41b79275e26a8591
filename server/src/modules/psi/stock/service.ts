import { prepareNumbers } from '../../../core/data';
import { nextId } from '@psi/db/model';
import { LogSource, StockDirection } from '@psi/db/model/psi/index';
import { big, fail, nowText, type PsiEnv } from '../shared/env';
import type { Writer } from '../shared/rows';

export interface StockSource {
  type: (typeof LogSource)[keyof typeof LogSource];
  id: string;
  no: string;
  detailId: string;
}

export interface Posting {
  depositoryId: string;
  goodsId: string;
  /** signed change, never 0 */
  change: number;
  unitPrice: number | null;
  source: StockSource;
  remark?: string | null;
  /** snapshot shown on the log row */
  isbn: string;
  goodsName: string;
  /** how the goods is named in an insufficient-stock message (its code, else the ISBN) */
  label: string;
}

/** Current on-hand quantity (0 when the goods was never stocked here). */
export function stockOf(env: PsiEnv, tenantId: string, depositoryId: string, goodsId: string): number {
  const row = prepareNumbers<{ quantity: number }, [string, bigint, bigint]>(
    env.sqlite,
    `SELECT quantity FROM psi_depository_stock WHERE tenant_id = ? AND depository_id = ? AND goods_id = ?`,
  ).get(tenantId, big(depositoryId), big(goodsId));
  return row?.quantity ?? 0;
}

/**
 * Posts one stock movement inside the caller's transaction: creates the stock row on first use,
 * re-reads the quantity, refuses to go below zero, appends the log row with balance before/after
 * and moves the stock row with the guard `quantity + change >= 0`. Returns the new quantity.
 */
export function postStock(env: PsiEnv, writer: Writer, p: Posting): number {
  const { tenantId } = writer;
  const now = nowText(env);
  prepareNumbers(
    env.sqlite,
    `INSERT INTO psi_depository_stock (id, tenant_id, depository_id, goods_id, quantity, version,
       create_user, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, ?, ?, 0, 0, ?, ?, ?, ?, 1, 0)
     ON CONFLICT (tenant_id, depository_id, goods_id) DO NOTHING`,
  ).run(
    big(nextId()),
    tenantId,
    big(p.depositoryId),
    big(p.goodsId),
    big(writer.userId),
    now,
    big(writer.userId),
    now,
  );
  const stock = prepareNumbers<{ id: string; quantity: number }, [string, bigint, bigint]>(
    env.sqlite,
    `SELECT CAST(id AS TEXT) AS id, quantity FROM psi_depository_stock
     WHERE tenant_id = ? AND depository_id = ? AND goods_id = ?`,
  ).get(tenantId, big(p.depositoryId), big(p.goodsId))!;
  const after = stock.quantity + p.change;
  if (after < 0) throw fail('insufficientStock', { goods: p.label, need: -p.change, have: stock.quantity });
  const logId = nextId();
  prepareNumbers(
    env.sqlite,
    `INSERT INTO psi_depository_log (id, tenant_id, depository_id, goods_id, isbn, goods_name, direction,
       change_quantity, balance_before, balance_after, source_type, source_id, source_no, source_detail_id,
       unit_price, operate_time, remark, create_user, create_time, update_user, update_time, status, is_deleted)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0)`,
  ).run(
    big(logId),
    tenantId,
    big(p.depositoryId),
    big(p.goodsId),
    p.isbn,
    p.goodsName,
    p.change > 0 ? StockDirection.in : StockDirection.out,
    p.change,
    stock.quantity,
    after,
    p.source.type,
    big(p.source.id),
    p.source.no,
    big(p.source.detailId),
    p.unitPrice,
    now,
    p.remark ?? null,
    big(writer.userId),
    now,
    big(writer.userId),
    now,
  );
  const changed = prepareNumbers(
    env.sqlite,
    `UPDATE psi_depository_stock SET quantity = quantity + ?, last_log_id = ?, version = version + 1,
       update_user = ?, update_time = ?
     WHERE id = ? AND quantity = ? AND quantity + ? >= 0`,
  ).run(p.change, big(logId), big(writer.userId), now, big(stock.id), stock.quantity, p.change).changes;
  if (changed !== 1) throw fail('statusChanged');
  return after;
}
