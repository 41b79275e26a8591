import { prepareNumbers } from '../../../core/data';
import {
  DOC_PREFIX,
  LogSource,
  depositorycheckDocument,
  sumOf,
  type BookChange,
} from '@psi/db/model/psi/index';
import { depositoryCheck, depositoryCheckDetail } from '@psi/db/schema';
import { big, canActForDepository, fail, nowText, tx, type PsiActor, type PsiEnv } from '../shared/env';
import { insertRow, nextDocNo, softDeleteWhere, type Writer } from '../shared/rows';
import {
  checkVersion,
  loadHeader,
  removeDocs,
  requireEnabledDepository,
  requireFlagged,
  requireStatus,
  type DocHeader,
  updateGuarded,
} from '../shared/docs';
import { goodsLabel, loadGoods } from '../shared/lines';
import { allOf, changeGuard, statusFlagged, stepOf, type SqlPart } from '../shared/rules';
import { postStock, stockOf } from '../stock/service';

export interface DepositorycheckHeader extends DocHeader {
  checkDate: string;
  remark: string | null;
}

const COLUMNS = `check_no AS orderNo, check_status AS status, CAST(depository_id AS TEXT) AS depositoryId,
  check_date AS checkDate, remark`;

/** A save (the count so far) and the completion (posting it), as declared. */
const save = stepOf(depositorycheckDocument, 'save');
const complete = stepOf(depositorycheckDocument, 'complete');

const loadCheck = (env: PsiEnv, who: string | Writer, id: string) =>
  loadHeader<DepositorycheckHeader>(env, 'psi_depository_check', who, id, COLUMNS);

export interface DepositorycheckLine {
  id: string;
  goodsId: string;
  goodsCode: string | null;
  isbn: string;
  goodsName: string;
  price: number;
  bookQuantity: number;
  bookQuantityAtSave: number;
  countedQuantity: number;
  differenceQuantity: number;
  sort: number | null;
  remark: string | null;
}

export function depositorycheckLines(env: PsiEnv, checkId: string): DepositorycheckLine[] {
  return prepareNumbers<DepositorycheckLine, [bigint]>(
    env.sqlite,
    `SELECT CAST(l.id AS TEXT) AS id, CAST(l.goods_id AS TEXT) AS goodsId, g.goods_code AS goodsCode, l.isbn,
       l.goods_name AS goodsName, l.price, l.book_quantity AS bookQuantity,
       l.book_quantity_at_save AS bookQuantityAtSave, l.counted_quantity AS countedQuantity,
       l.difference_quantity AS differenceQuantity, l.sort, l.remark
     FROM psi_depository_check_detail l LEFT JOIN psi_goods_info g ON g.id = l.goods_id
     WHERE l.check_id = ? AND l.is_deleted = 0 ORDER BY l.sort, l.id`,
  ).all(big(checkId));
}

export interface CheckInput {
  depositoryId?: string | null;
  checkId?: string | null;
  checkDate?: string | null;
  remark?: string | null;
  complete: boolean;
  version?: number | null;
  details?: { goodsId: string; countedQuantity: number; remark?: string | null }[];
}

export interface CheckResult {
  id: string;
  checkNo: string;
  checkStatus: number;
  /** lines whose stock moved between the last save and the completion (Odoo's is_outdated) */
  bookChanged: BookChange[];
}

function depositoryFor(actor: PsiActor, wanted: string | null | undefined): string {
  if (actor.kind === 'platform' && wanted) return wanted;
  if (actor.kind === 'depository' && actor.depositoryIds.length)
    return wanted && actor.depositoryIds.includes(wanted) ? wanted : actor.depositoryIds[0];
  if (actor.kind === 'platform') throw fail('depositoryUnavailable');
  throw fail('noPermission');
}

function writeTotals(
  env: PsiEnv,
  actor: PsiActor,
  id: string,
  extra: Record<string, unknown>,
  guard: SqlPart,
) {
  const lines = depositorycheckLines(env, id);
  const { book, counted, gain, loss, amount } = sumOf(
    lines,
    ['book', 'counted', 'gain', 'loss', 'amount'],
    (l) => {
      const diff = l.countedQuantity - l.bookQuantity;
      return {
        book: l.bookQuantity,
        counted: l.countedQuantity,
        gain: Math.max(diff, 0),
        loss: Math.max(-diff, 0),
        amount: diff * l.price,
      };
    },
  );
  updateGuarded(
    env,
    depositoryCheck,
    actor,
    id,
    {
      ...extra,
      lineCount: lines.length,
      totalBookQuantity: book,
      totalCountedQuantity: counted,
      totalGainQuantity: gain,
      totalLossQuantity: loss,
      differenceAmount: amount,
    },
    guard,
  );
}

/**
 * `depositoryinfo/saveCheckList`: records a count (盘点中, at most one open per depository) and,
 * with `complete=true`, posts it: in ascending goods id the book quantity is re-read from the stock
 * row, stock is set to the counted quantity and the difference is logged (no row for 0). The answer
 * lists lines whose stock moved after the last save (`bookChanged`).
 */
export function saveCheckList(env: PsiEnv, actor: PsiActor, input: CheckInput): CheckResult {
  return tx(env, () => {
    let check: DepositorycheckHeader | null = null;
    if (input.checkId) {
      check = loadCheck(env, actor, input.checkId);
      if (!canActForDepository(actor, check.depositoryId)) throw fail('noPermission');
      requireStatus(check, save.from);
      checkVersion(check, input.version);
    }
    const depositoryId = check?.depositoryId ?? depositoryFor(actor, input.depositoryId);
    if (!check) {
      requireEnabledDepository(env, actor.tenantId, depositoryId);
      const counting = statusFlagged(depositorycheckDocument, 'open');
      const open = prepareNumbers(
        env.sqlite,
        `SELECT 1 FROM psi_depository_check WHERE tenant_id = ? AND depository_id = ? AND ${counting.sql}
           AND is_deleted = 0`,
      ).get(actor.tenantId, big(depositoryId), ...counting.params);
      if (open) throw fail('openCheckExists');
    }
    const details = input.details;
    if (details) {
      const goods = loadGoods(env, actor.tenantId, [...new Set(details.map((d) => d.goodsId))]);
      const seen = new Set<string>();
      details.forEach((d, index) => {
        const g = goods.get(d.goodsId);
        if (!g) throw fail('goodsUnavailable', { goods: d.goodsId });
        if (seen.has(d.goodsId)) throw fail('duplicateGoods', { goods: goodsLabel(g) });
        seen.add(d.goodsId);
        if (!Number.isSafeInteger(d.countedQuantity) || d.countedQuantity < 0)
          throw fail('countedInvalid', { row: index + 1 });
      });
    }
    const today = nowText(env).slice(0, 10);
    let id: string;
    let checkNo: string;
    if (check) {
      id = check.id;
      checkNo = check.orderNo;
      updateGuarded(
        env,
        depositoryCheck,
        actor,
        id,
        {
          checkDate: input.checkDate ?? check.checkDate,
          remark: input.remark !== undefined ? input.remark : check.remark,
        },
        allOf(save.guard, { sql: 'version = ?', params: [check.version] }),
      );
    } else {
      checkNo = nextDocNo(env, actor.tenantId, DOC_PREFIX.depositorycheck);
      id = insertRow(env, depositoryCheck, actor, {
        checkNo,
        depositoryId,
        checkStatus: save.to,
        checkDate: input.checkDate ?? today,
        remark: input.remark ?? null,
      });
    }
    if (details) {
      // a completion keeps the book quantity each goods had at its last save (to report drift)
      const previous = new Map(depositorycheckLines(env, id).map((l) => [l.goodsId, l]));
      softDeleteWhere(env, depositoryCheckDetail, actor, 'check_id = ?', [big(id)]);
      const goods = loadGoods(
        env,
        actor.tenantId,
        details.map((d) => d.goodsId),
      );
      details.forEach((d, index) => {
        const g = goods.get(d.goodsId)!;
        const stock = stockOf(env, actor.tenantId, depositoryId, g.id);
        const atSave = input.complete && previous.has(g.id) ? previous.get(g.id)!.bookQuantityAtSave : stock;
        insertRow(env, depositoryCheckDetail, actor, {
          checkId: id,
          goodsId: g.id,
          isbn: g.isbn,
          goodsName: g.goodsName,
          price: g.price,
          bookQuantity: atSave,
          bookQuantityAtSave: atSave,
          countedQuantity: d.countedQuantity,
          differenceQuantity: d.countedQuantity - atSave,
          differenceAmount: (d.countedQuantity - atSave) * g.price,
          sort: index + 1,
          remark: d.remark ?? null,
        });
      });
    }
    if (!input.complete) {
      writeTotals(env, actor, id, {}, save.guard);
      return { id, checkNo, checkStatus: save.to, bookChanged: [] };
    }
    const lines = depositorycheckLines(env, id);
    if (!lines.length) throw fail('checkLinesRequired');
    const bookChanged: BookChange[] = [];
    const sorted = [...lines].sort((a, b) => (BigInt(a.goodsId) < BigInt(b.goodsId) ? -1 : 1));
    for (const line of sorted) {
      const book = stockOf(env, actor.tenantId, depositoryId, line.goodsId);
      const diff = line.countedQuantity - book;
      if (diff !== 0)
        postStock(env, actor, {
          depositoryId,
          goodsId: line.goodsId,
          change: diff,
          unitPrice: line.price,
          source: { type: LogSource.check, id, no: checkNo, detailId: line.id },
          remark: line.remark,
          isbn: line.isbn,
          goodsName: line.goodsName,
          label: goodsLabel(line),
        });
      prepareNumbers(
        env.sqlite,
        `UPDATE psi_depository_check_detail SET book_quantity = ?, difference_quantity = ?, difference_amount = ?,
           update_user = ?, update_time = ?
         WHERE id = ?`,
      ).run(book, diff, diff * line.price, big(actor.userId), nowText(env), big(line.id));
      if (book !== line.bookQuantityAtSave)
        bookChanged.push({
          goodsId: line.goodsId,
          isbn: line.isbn,
          goodsName: line.goodsName,
          bookQuantityAtSave: line.bookQuantityAtSave,
          bookQuantity: book,
        });
    }
    writeTotals(
      env,
      actor,
      id,
      { checkStatus: complete.to, completeUser: actor.userId, completeTime: nowText(env) },
      complete.guard,
    );
    return { id, checkNo, checkStatus: complete.to, bookChanged };
  });
}

/** Soft-deletes removable (still counting) stocktakes; no stock effect. */
export function removeChecks(env: PsiEnv, actor: PsiActor, ids: string[]): void {
  removeDocs(env, actor, ids, {
    load: (id) => loadCheck(env, actor, id),
    check: (check) => {
      if (!canActForDepository(actor, check.depositoryId)) throw fail('noPermission');
      requireFlagged(depositorycheckDocument, 'removable', check);
    },
    table: depositoryCheck,
    guard: changeGuard(depositorycheckDocument, 'removable'),
    lines: { table: depositoryCheckDetail, parentColumn: 'check_id' },
  });
}
