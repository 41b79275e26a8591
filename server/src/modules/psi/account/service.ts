import { prepareNumbers } from '../../../core/data';
import { displayMoney } from '@psi/db/model';
import { AccountDirection, DOC_PREFIX, StatementSource, TradeType } from '@psi/db/model/psi/index';
import { accountStatement } from '@psi/db/schema';
import { big, fail, nowText, tx, type PsiEnv } from '../shared/env';
import { insertRow, nextDocNo, type Writer } from '../shared/rows';
import { loadSchool } from '../shared/docs';

export interface Movement {
  tradeType: (typeof TradeType)[keyof typeof TradeType];
  /** signed cents: + recharge/refund, − debit */
  amount: number;
  sourceType: (typeof StatementSource)[keyof typeof StatementSource];
  sourceId?: string | null;
  sourceNo?: string | null;
  payMethod?: number | null;
  voucherNo?: string | null;
  remark?: string | null;
}

/**
 * The only writer of a school's balance: re-reads the school row, refuses to go below zero,
 * appends one statement row with balance before/after and moves the balance with the guard that it
 * is still what was read. Runs inside the caller's transaction. Returns the statement id.
 */
export function moveMoney(env: PsiEnv, writer: Writer, schoolId: string, m: Movement): string {
  const school = loadSchool(env, writer.tenantId, schoolId);
  if (!school) throw fail('schoolUnavailable');
  const after = school.accountBalance + m.amount;
  if (after < 0)
    throw fail('insufficientBalance', {
      need: displayMoney(-m.amount),
      have: displayMoney(school.accountBalance),
    });
  const id = insertRow(env, accountStatement, writer, {
    statementNo: nextDocNo(env, writer.tenantId, DOC_PREFIX.statement),
    schoolId,
    tradeType: m.tradeType,
    direction: m.amount > 0 ? AccountDirection.income : AccountDirection.expense,
    amount: m.amount,
    balanceBefore: school.accountBalance,
    balanceAfter: after,
    sourceType: m.sourceType,
    sourceId: m.sourceId ?? null,
    sourceNo: m.sourceNo ?? null,
    payMethod: m.payMethod ?? null,
    voucherNo: m.voucherNo ?? null,
    tradeTime: nowText(env),
    remark: m.remark ?? null,
  });
  const changed = prepareNumbers(
    env.sqlite,
    `UPDATE psi_school_info SET account_balance = account_balance + ?, version = version + 1,
       update_user = ?, update_time = ?
     WHERE id = ? AND tenant_id = ? AND account_balance = ? AND account_balance + ? >= 0`,
  ).run(
    m.amount,
    big(writer.userId),
    nowText(env),
    big(schoolId),
    writer.tenantId,
    school.accountBalance,
    m.amount,
  ).changes;
  if (changed !== 1) throw fail('statusChanged');
  return id;
}

/** Checks the balance covers `amount` before anything is written (the message names both). */
export function requireBalance(env: PsiEnv, tenantId: string, schoolId: string, amount: number): void {
  const school = loadSchool(env, tenantId, schoolId);
  if (!school) throw fail('schoolUnavailable');
  if (school.accountBalance < amount)
    throw fail('insufficientBalance', {
      need: displayMoney(amount),
      have: displayMoney(school.accountBalance),
    });
}

export interface RechargeInput {
  schoolId: string;
  /** cents, > 0 */
  amount: number;
  payMethod: number;
  voucherNo: string;
  remark?: string | null;
}

/**
 * `accountstatement/recharge` (platform): credits a school once per voucher number; the same
 * voucher again is refused ("该凭证号已入账") and the balance moves once.
 */
export function recharge(env: PsiEnv, actor: { kind: string } & Writer, input: RechargeInput): string {
  if (actor.kind !== 'platform') throw fail('noPermission');
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw fail('amountInvalid');
  const voucherNo = input.voucherNo.trim();
  return tx(env, () => {
    if (!loadSchool(env, actor.tenantId, input.schoolId)) throw fail('schoolUnavailable');
    const used = prepareNumbers(
      env.sqlite,
      `SELECT 1 FROM psi_account_statement WHERE tenant_id = ? AND school_id = ? AND trade_type = 1 AND voucher_no = ?`,
    ).get(actor.tenantId, big(input.schoolId), voucherNo);
    if (used) throw fail('voucherUsed');
    return moveMoney(env, actor, input.schoolId, {
      tradeType: TradeType.recharge,
      amount: input.amount,
      sourceType: StatementSource.none,
      payMethod: input.payMethod,
      voucherNo,
      remark: input.remark ?? null,
    });
  });
}
