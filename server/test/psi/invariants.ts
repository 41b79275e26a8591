import type Database from 'better-sqlite3';
import { discountedUnitPrice } from '@psi/db/model/psi/index';

type Row = Record<string, number | string | null>;

/** Plain numbers (ids as text) for the checks below. */
function all(sqlite: Database.Database, sql: string, ...params: unknown[]): Row[] {
  const s = sqlite.prepare(sql);
  if (s.reader) s.safeIntegers(false);
  return s.all(...params) as Row[];
}

/** Integers as bigint, for the comparisons that must be exact. */
function exact(
  sqlite: Database.Database,
  sql: string,
  ...params: unknown[]
): Record<string, bigint | string | null>[] {
  return sqlite
    .prepare(sql)
    .safeIntegers(true)
    .all(...params) as Record<string, bigint | string | null>[];
}

/** round_half_up(price × discount / 10000) in bigint, the rule of `discountedUnitPrice`. */
const discountedUnitPriceExact = (price: bigint, discount: bigint) => (price * discount + 5000n) / 10000n;

function none(sqlite: Database.Database, name: string, sql: string, ...params: unknown[]) {
  const rows = all(sqlite, sql, ...params);
  if (rows.length) throw new Error(`invariant ${name} broken: ${JSON.stringify(rows.slice(0, 5))}`);
}

const HEADERS = [
  { header: 'psi_purchase_order', lines: 'psi_purchase_detail', key: 'purchase_id' },
  { header: 'psi_purchase_order_yypt', lines: 'psi_purchase_detail_yypt', key: 'purchase_id' },
  { header: 'psi_purchase_order_depository', lines: 'psi_purchase_detail_depository', key: 'purchase_id' },
  { header: 'psi_delivery_order', lines: 'psi_delivery_detail', key: 'delivery_id' },
];

/**
 * The ledger invariants of DOMAIN.md section 4, as SQL over the whole database (every tenant).
 * Throws with the offending rows; run after every test that writes and after seeding.
 */
export function assertInvariants(sqlite: Database.Database): void {
  // INV-1 no negatives
  none(sqlite, 'INV-1 stock >= 0', `SELECT id FROM psi_depository_stock WHERE quantity < 0`);
  none(
    sqlite,
    'INV-1 log balance >= 0',
    `SELECT id FROM psi_depository_log WHERE balance_after < 0 OR balance_before < 0`,
  );
  none(sqlite, 'INV-3 balance >= 0', `SELECT id FROM psi_school_info WHERE account_balance < 0`);

  // INV-2 stock = Σ log = last balance_after, and the balances chain in id order
  none(
    sqlite,
    'INV-2 stock = Σ log',
    `SELECT s.tenant_id, CAST(s.depository_id AS TEXT) d, CAST(s.goods_id AS TEXT) g, s.quantity,
       COALESCE((SELECT SUM(l.change_quantity) FROM psi_depository_log l WHERE l.tenant_id = s.tenant_id
         AND l.depository_id = s.depository_id AND l.goods_id = s.goods_id AND l.is_deleted = 0), 0) AS ledger,
       (SELECT l.balance_after FROM psi_depository_log l WHERE l.tenant_id = s.tenant_id
         AND l.depository_id = s.depository_id AND l.goods_id = s.goods_id ORDER BY l.id DESC LIMIT 1) AS last
     FROM psi_depository_stock s
     WHERE s.quantity <> ledger OR (last IS NOT NULL AND last <> s.quantity) OR (last IS NULL AND s.quantity <> 0)`,
  );
  none(
    sqlite,
    'INV-2 every log row has its stock row',
    `SELECT CAST(l.id AS TEXT) id FROM psi_depository_log l LEFT JOIN psi_depository_stock s
       ON s.tenant_id = l.tenant_id AND s.depository_id = l.depository_id AND s.goods_id = l.goods_id
     WHERE s.id IS NULL`,
  );
  none(
    sqlite,
    'INV-2 chained balances',
    `SELECT CAST(id AS TEXT) id, balance_before, prev FROM (
       SELECT id, balance_before,
         LAG(balance_after, 1, 0) OVER (PARTITION BY tenant_id, depository_id, goods_id ORDER BY id) AS prev
       FROM psi_depository_log) WHERE balance_before <> prev`,
  );
  // every log row posts a live line of a posted document
  none(
    sqlite,
    'INV-2 log rows belong to posted lines',
    `SELECT CAST(l.id AS TEXT) id, l.source_type FROM psi_depository_log l WHERE NOT (
       (l.source_type = 1 AND EXISTS (SELECT 1 FROM psi_purchase_detail d JOIN psi_purchase_order o ON o.id = d.purchase_id
          WHERE d.id = l.source_detail_id AND d.is_deleted = 0 AND o.order_status = 3 AND o.id = l.source_id
            AND d.goods_id = l.goods_id AND l.change_quantity = d.received_quantity AND o.depository_id = l.depository_id))
       OR (l.source_type = 2 AND EXISTS (SELECT 1 FROM psi_delivery_detail d JOIN psi_delivery_order o ON o.id = d.delivery_id
          WHERE d.id = l.source_detail_id AND d.is_deleted = 0 AND o.order_status = 3 AND o.id = l.source_id
            AND d.goods_id = l.goods_id AND l.change_quantity = -d.quantity AND o.depository_id = l.depository_id))
       OR (l.source_type = 3 AND EXISTS (SELECT 1 FROM psi_depository_check_detail d JOIN psi_depository_check o ON o.id = d.check_id
          WHERE d.id = l.source_detail_id AND d.is_deleted = 0 AND o.check_status = 3 AND o.id = l.source_id
            AND d.goods_id = l.goods_id AND l.change_quantity = d.difference_quantity AND o.depository_id = l.depository_id)))`,
  );
  none(
    sqlite,
    'INV-2 every received/shipped line is posted once',
    `SELECT CAST(d.id AS TEXT) id FROM psi_purchase_detail d JOIN psi_purchase_order o ON o.id = d.purchase_id
     WHERE o.order_status = 3 AND d.is_deleted = 0 AND d.received_quantity > 0
       AND (SELECT COUNT(*) FROM psi_depository_log l WHERE l.tenant_id = d.tenant_id AND l.source_type = 1 AND l.source_detail_id = d.id) <> 1
     UNION ALL
     SELECT CAST(d.id AS TEXT) FROM psi_delivery_detail d JOIN psi_delivery_order o ON o.id = d.delivery_id
     WHERE o.order_status = 3 AND d.is_deleted = 0
       AND (SELECT COUNT(*) FROM psi_depository_log l WHERE l.tenant_id = d.tenant_id AND l.source_type = 2 AND l.source_detail_id = d.id) <> 1
     UNION ALL
     SELECT CAST(d.id AS TEXT) FROM psi_depository_check_detail d JOIN psi_depository_check o ON o.id = d.check_id
     WHERE o.check_status = 3 AND d.is_deleted = 0
       AND (SELECT COUNT(*) FROM psi_depository_log l WHERE l.tenant_id = d.tenant_id AND l.source_type = 3 AND l.source_detail_id = d.id)
           <> (CASE WHEN d.difference_quantity = 0 THEN 0 ELSE 1 END)
     UNION ALL
     SELECT CAST(l.id AS TEXT) FROM psi_depository_log l WHERE l.source_type IN (1, 2) AND EXISTS (
       SELECT 1 FROM psi_purchase_order o WHERE o.id = l.source_id AND o.order_status <> 3)`,
  );

  // INV-3 balance = Σ statements = last balance_after; the statement rows chain per school
  none(
    sqlite,
    'INV-3 balance = Σ statements',
    `SELECT CAST(s.id AS TEXT) id, s.account_balance,
       COALESCE((SELECT SUM(a.amount) FROM psi_account_statement a WHERE a.school_id = s.id AND a.tenant_id = s.tenant_id), 0) AS ledger,
       (SELECT a.balance_after FROM psi_account_statement a WHERE a.school_id = s.id ORDER BY a.id DESC LIMIT 1) AS last
     FROM psi_school_info s
     WHERE s.account_balance <> ledger OR (last IS NOT NULL AND last <> s.account_balance)
        OR (last IS NULL AND s.account_balance <> 0)`,
  );
  none(
    sqlite,
    'INV-3 chained statements',
    `SELECT CAST(id AS TEXT) id FROM (
       SELECT id, balance_before, balance_after, amount,
         LAG(balance_after, 1, 0) OVER (PARTITION BY tenant_id, school_id ORDER BY id) AS prev
       FROM psi_account_statement) WHERE balance_before <> prev OR balance_after <> balance_before + amount`,
  );
  none(
    sqlite,
    'INV-3 statement rows of an order match its pay status',
    `SELECT CAST(o.id AS TEXT) id, o.pay_status, o.total_amount, debit, refund FROM (
       SELECT y.id, y.pay_status, y.total_amount,
         COALESCE((SELECT SUM(amount) FROM psi_account_statement a WHERE a.tenant_id = y.tenant_id AND a.trade_type = 2
           AND a.source_type = 1 AND a.source_id = y.id), 0) AS debit,
         COALESCE((SELECT SUM(amount) FROM psi_account_statement a WHERE a.tenant_id = y.tenant_id AND a.trade_type = 3
           AND a.source_type = 1 AND a.source_id = y.id), 0) AS refund
       FROM psi_purchase_order_yypt y
       UNION ALL
       SELECT p.id, p.pay_status, p.total_amount,
         COALESCE((SELECT SUM(amount) FROM psi_account_statement a WHERE a.tenant_id = p.tenant_id AND a.trade_type = 2
           AND a.source_type = 2 AND a.source_id = p.id), 0),
         COALESCE((SELECT SUM(amount) FROM psi_account_statement a WHERE a.tenant_id = p.tenant_id AND a.trade_type = 3
           AND a.source_type = 2 AND a.source_id = p.id), 0)
       FROM psi_purchase_order_depository p WHERE p.source_type = 2) o
     WHERE debit <> (CASE WHEN o.pay_status IN (1, 2) THEN -o.total_amount ELSE 0 END)
        OR refund <> (CASE WHEN o.pay_status = 2 THEN o.total_amount ELSE 0 END)`,
  );

  // INV-5 totals = Σ lines, line maths
  for (const h of HEADERS) {
    none(
      sqlite,
      `INV-5 totals of ${h.header}`,
      `SELECT CAST(o.id AS TEXT) id FROM ${h.header} o WHERE o.is_deleted = 0 AND (
         o.total_quantity <> (SELECT COALESCE(SUM(quantity), 0) FROM ${h.lines} d WHERE d.${h.key} = o.id AND d.is_deleted = 0)
      OR o.total_list_amount <> (SELECT COALESCE(SUM(list_amount), 0) FROM ${h.lines} d WHERE d.${h.key} = o.id AND d.is_deleted = 0)
      OR o.total_amount <> (SELECT COALESCE(SUM(amount), 0) FROM ${h.lines} d WHERE d.${h.key} = o.id AND d.is_deleted = 0)
      OR NOT EXISTS (SELECT 1 FROM ${h.lines} d WHERE d.${h.key} = o.id AND d.is_deleted = 0))`,
    );
    // in exact integers: a product of doubles past 2^53 would round and hide a broken line
    const lines = exact(
      sqlite,
      `SELECT CAST(id AS TEXT) id, price, discount, unit_price AS unitPrice, quantity, list_amount AS listAmount, amount
       FROM ${h.lines} WHERE is_deleted = 0`,
    );
    for (const l of lines) {
      const unit = discountedUnitPriceExact(l.price as bigint, l.discount as bigint);
      if (
        l.unitPrice !== unit ||
        l.amount !== unit * (l.quantity as bigint) ||
        l.listAmount !== (l.price as bigint) * (l.quantity as bigint) ||
        unit !== BigInt(discountedUnitPrice(Number(l.price), Number(l.discount)))
      )
        throw new Error(
          `invariant INV-5 line maths broken on ${h.lines}: ${JSON.stringify(l, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))}`,
        );
    }
    none(
      sqlite,
      `soft delete: lines of deleted ${h.header}`,
      `SELECT CAST(d.id AS TEXT) id FROM ${h.lines} d JOIN ${h.header} o ON o.id = d.${h.key}
       WHERE o.is_deleted = 1 AND d.is_deleted = 0`,
    );
    none(
      sqlite,
      `tenant of ${h.lines}`,
      `SELECT CAST(d.id AS TEXT) id FROM ${h.lines} d JOIN ${h.header} o ON o.id = d.${h.key} WHERE o.tenant_id <> d.tenant_id`,
    );
  }
  none(
    sqlite,
    'INV-5 stocktake totals',
    `SELECT CAST(c.id AS TEXT) id FROM psi_depository_check c WHERE c.is_deleted = 0 AND (
       c.line_count <> (SELECT COUNT(*) FROM psi_depository_check_detail d WHERE d.check_id = c.id AND d.is_deleted = 0)
    OR c.total_book_quantity <> (SELECT COALESCE(SUM(book_quantity), 0) FROM psi_depository_check_detail d WHERE d.check_id = c.id AND d.is_deleted = 0)
    OR c.total_counted_quantity <> (SELECT COALESCE(SUM(counted_quantity), 0) FROM psi_depository_check_detail d WHERE d.check_id = c.id AND d.is_deleted = 0)
    OR c.total_gain_quantity <> (SELECT COALESCE(SUM(MAX(counted_quantity - book_quantity, 0)), 0) FROM psi_depository_check_detail d WHERE d.check_id = c.id AND d.is_deleted = 0)
    OR c.total_loss_quantity <> (SELECT COALESCE(SUM(MAX(book_quantity - counted_quantity, 0)), 0) FROM psi_depository_check_detail d WHERE d.check_id = c.id AND d.is_deleted = 0)
    OR c.difference_amount <> (SELECT COALESCE(SUM((counted_quantity - book_quantity) * price), 0) FROM psi_depository_check_detail d WHERE d.check_id = c.id AND d.is_deleted = 0))`,
  );
  // INV-13 completed counts: difference = counted − book; the log holds the differences
  none(
    sqlite,
    'INV-13 count lines',
    `SELECT CAST(d.id AS TEXT) id FROM psi_depository_check_detail d WHERE d.is_deleted = 0 AND (
       d.difference_quantity <> d.counted_quantity - d.book_quantity OR d.difference_amount <> d.difference_quantity * d.price)`,
  );

  // INV-7 no over-fulfilment; header progress = Σ lines
  none(
    sqlite,
    'INV-7 delivered = Σ shipped delivery lines',
    `SELECT CAST(p.id AS TEXT) id, p.delivered_quantity,
       (SELECT COALESCE(SUM(d.quantity), 0) FROM psi_delivery_detail d JOIN psi_delivery_order o ON o.id = d.delivery_id
        WHERE d.source_detail_id = p.id AND d.is_deleted = 0 AND o.order_status = 3) AS shipped
     FROM psi_purchase_detail_depository p WHERE p.is_deleted = 0 AND p.delivered_quantity <> shipped`,
  );
  none(
    sqlite,
    'INV-7 open quantity never oversold by pending deliveries',
    `SELECT CAST(p.id AS TEXT) id FROM psi_purchase_detail_depository p WHERE p.is_deleted = 0 AND p.quantity < p.delivered_quantity +
       (SELECT COALESCE(SUM(d.quantity), 0) FROM psi_delivery_detail d JOIN psi_delivery_order o ON o.id = d.delivery_id
        WHERE d.source_detail_id = p.id AND d.is_deleted = 0 AND o.is_deleted = 0 AND o.order_status = 1)`,
  );
  for (const t of ['psi_purchase_order_yypt', 'psi_purchase_order_depository'])
    none(
      sqlite,
      `INV-7 progress of ${t}`,
      `SELECT CAST(o.id AS TEXT) id, o.order_status, o.delivered_quantity, o.total_quantity FROM ${t} o
       WHERE o.is_deleted = 0 AND (
         o.delivered_quantity <> (SELECT COALESCE(SUM(delivered_quantity), 0) FROM ${t === 'psi_purchase_order_yypt' ? 'psi_purchase_detail_yypt' : 'psi_purchase_detail_depository'} d
                                  WHERE d.purchase_id = o.id AND d.is_deleted = 0)
         OR (o.order_status = 3 AND o.delivered_quantity <> o.total_quantity)
         OR (o.order_status = 4 AND NOT (o.delivered_quantity > 0 AND o.delivered_quantity < o.total_quantity))
         OR (o.order_status IN (1, 2, 7, 8) AND o.delivered_quantity <> 0))`,
    );
  none(
    sqlite,
    'INV-7 received quantity',
    `SELECT CAST(o.id AS TEXT) id FROM psi_purchase_order o WHERE o.is_deleted = 0 AND o.received_quantity <>
       (SELECT COALESCE(SUM(received_quantity), 0) FROM psi_purchase_detail d WHERE d.purchase_id = o.id AND d.is_deleted = 0)`,
  );

  // INV-8 cross-document consistency of a 征订单 and its 配送单
  none(
    sqlite,
    'INV-8 approved 征订单 has exactly one live 配送单',
    `SELECT CAST(y.id AS TEXT) id FROM psi_purchase_order_yypt y WHERE y.is_deleted = 0 AND y.order_status IN (2, 3, 4, 7) AND (
       (SELECT COUNT(*) FROM psi_purchase_order_depository p WHERE p.source_type = 1 AND p.source_id = y.id AND p.is_deleted = 0) <> 1
       OR y.depository_order_id IS NOT (SELECT p.id FROM psi_purchase_order_depository p WHERE p.source_type = 1 AND p.source_id = y.id AND p.is_deleted = 0))`,
  );
  none(
    sqlite,
    'INV-8 pairs of statuses and totals',
    `SELECT CAST(p.id AS TEXT) id, p.order_status ps, y.order_status ys FROM psi_purchase_order_depository p
     JOIN psi_purchase_order_yypt y ON y.id = p.source_id
     WHERE p.source_type = 1 AND p.is_deleted = 0 AND NOT (
       p.total_quantity = y.total_quantity AND p.total_amount = y.total_amount AND p.total_list_amount = y.total_list_amount
       AND p.delivered_quantity = y.delivered_quantity AND p.school_id = y.school_id AND p.depository_id = y.depository_id
       AND ((p.order_status = 8) = (y.order_status = 7)) AND ((p.order_status = 3) = (y.order_status = 3))
       AND ((p.order_status = 4) = (y.order_status = 4)) AND p.pay_status = y.pay_status)`,
  );
  none(
    sqlite,
    'INV-8 same lines',
    `SELECT CAST(pd.id AS TEXT) id FROM psi_purchase_detail_depository pd
     JOIN psi_purchase_order_depository p ON p.id = pd.purchase_id AND p.source_type = 1
     LEFT JOIN psi_purchase_detail_yypt yd ON yd.id = pd.source_detail_id
     WHERE pd.is_deleted = 0 AND (yd.id IS NULL OR yd.goods_id <> pd.goods_id OR yd.quantity <> pd.quantity
       OR yd.unit_price <> pd.unit_price OR yd.delivered_quantity <> pd.delivered_quantity OR yd.purchase_id <> p.source_id)`,
  );

  // tenants: ledger rows live in the tenant of what they move
  none(
    sqlite,
    'INV-10 tenant of log rows',
    `SELECT CAST(l.id AS TEXT) id FROM psi_depository_log l JOIN psi_depository_info d ON d.id = l.depository_id
     WHERE d.tenant_id <> l.tenant_id`,
  );
  none(
    sqlite,
    'INV-10 tenant of statements',
    `SELECT CAST(a.id AS TEXT) id FROM psi_account_statement a JOIN psi_school_info s ON s.id = a.school_id
     WHERE s.tenant_id <> a.tenant_id`,
  );
  none(
    sqlite,
    'INV-14 numbers',
    `SELECT order_no FROM psi_purchase_order_yypt GROUP BY tenant_id, order_no HAVING COUNT(*) > 1`,
  );
}
