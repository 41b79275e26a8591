import { defineResource, type ResourceDef } from '../../resource';
import { t } from '../../text';
import { PSI_DICT } from '../../psi/dicts';
import { createTime, datetime, dict, key, money, num, ref, ro, shown, text } from './fields';

/** Stock movements: append-only, written by the three postings; list/detail/export only. */
export const depositoryLogResource = defineResource({
  key: 'depositorylog',
  api: '/blade-psi/depositorylog',
  title: t('库存流水', 'Stock ledger'),
  permission: 'depositorylog',
  tenant: 'scoped',
  ops: { add: false, edit: false, view: true, delete: false, export: true },
  access: { submit: { menu: 'depositorylog' }, remove: { menu: 'depositorylog' } },
  fields: [
    ro(ref('depositoryId', '仓库', 'Depository', { search: 'equal', inTable: false })),
    shown('depositoryName', '仓库', 'Depository'),
    ro(ref('goodsId', '图书', 'Book', { search: 'equal', inTable: false })),
    ro(text('isbn', 'ISBN', 'ISBN', { search: 'like' })),
    ro(text('goodsName', '书名', 'Title', { priority: 'key', search: 'like', width: 240 })),
    ro(dict('direction', PSI_DICT.stockDirection, '方向', 'Direction', { priority: 'key', search: 'equal' })),
    ro(num('changeQuantity', '变动数量', 'Change', { priority: 'key' })),
    ro(num('balanceBefore', '变动前', 'Before')),
    ro(num('balanceAfter', '变动后', 'After')),
    ro(dict('sourceType', PSI_DICT.logSource, '来源', 'Source', { priority: 'key', search: 'equal' })),
    ro(ref('sourceId', '来源单据', 'Source document', { search: 'equal', inTable: false })),
    ro(text('sourceNo', '单据编号', 'Document no.', { search: 'like' })),
    ro(ref('sourceDetailId', '来源明细', 'Source line', { inTable: false })),
    ro(money('unitPrice', '单价', 'Unit price')),
    ro(datetime('operateTime', '发生时间', 'Posted at', { search: 'dateRange', sortable: true })),
    ro(text('remark', '备注', 'Remark')),
    createTime(),
  ],
});

/** School account ledger: append-only; recharge is the only write the API offers. */
export const accountStatementResource = defineResource({
  key: 'accountstatement',
  api: '/blade-psi/accountstatement',
  title: t('账户流水', 'Account statements'),
  permission: 'accountstatement',
  tenant: 'scoped',
  ops: { add: false, edit: false, view: true, delete: false, export: true },
  access: { submit: { menu: 'accountstatement' }, remove: { menu: 'accountstatement' } },
  fields: [
    ro(text('statementNo', '流水号', 'Statement no.', { priority: 'key', search: 'like' })),
    ro(ref('schoolId', '学校', 'School', { search: 'equal', inTable: false })),
    key(shown('schoolName', '学校', 'School')),
    ro(dict('tradeType', PSI_DICT.tradeType, '交易类型', 'Type', { priority: 'key', search: 'equal' })),
    ro(dict('direction', PSI_DICT.accountDirection, '收支', 'Direction', { search: 'equal' })),
    ro(money('amount', '金额', 'Amount', { priority: 'key' })),
    ro(money('balanceBefore', '交易前余额', 'Balance before')),
    ro(money('balanceAfter', '交易后余额', 'Balance after', { priority: 'key' })),
    ro(
      dict('sourceType', PSI_DICT.statementSource, '来源单据', 'Source', { search: 'equal', inTable: false }),
    ),
    ro(ref('sourceId', '来源单据', 'Source document', { search: 'equal', inTable: false })),
    // the order a debit or refund came from: in view beside the actions, not behind them
    ro(text('sourceNo', '单据编号', 'Document no.', { priority: 'key', search: 'like' })),
    ro(dict('payMethod', PSI_DICT.payMethod, '支付方式', 'Pay method', { search: 'equal' })),
    ro(text('voucherNo', '凭证号', 'Voucher no.', { search: 'like' })),
    ro(datetime('tradeTime', '交易时间', 'Traded at', { search: 'dateRange', sortable: true })),
    ro(text('remark', '备注', 'Remark')),
    createTime(),
  ],
});

export const depositorycheckResource = defineResource({
  key: 'depositorycheck',
  api: '/blade-psi/depositorycheck',
  title: t('库存盘点', 'Stocktakes'),
  permission: 'depositorycheck',
  tenant: 'scoped',
  fields: [
    key(ro(text('checkNo', '盘点单号', 'Check no.', { search: 'like', sortable: true }))),
    ref('depositoryId', '仓库', 'Depository', { required: true, search: 'equal', inTable: false }),
    key(shown('depositoryName', '仓库', 'Depository')),
    key(ro(dict('checkStatus', PSI_DICT.depositorycheckStatus, '状态', 'Status', { search: 'equal' }))),
    {
      name: 'checkDate',
      kind: 'date',
      label: t('盘点日期', 'Count date'),
      search: 'dateRange',
      sortable: true,
    },
    ro(num('lineCount', '行数', 'Lines')),
    ro(num('totalBookQuantity', '账面数', 'Book quantity')),
    ro(num('totalCountedQuantity', '实盘数', 'Counted')),
    ro(num('totalGainQuantity', '盘盈', 'Gain')),
    ro(num('totalLossQuantity', '盘亏', 'Loss')),
    key(ro(money('differenceAmount', '差异金额', 'Difference amount'))),
    ro(ref('completeUser', '完成人', 'Completed by', { inTable: false })),
    ro(datetime('completeTime', '完成时间', 'Completed at')),
    text('remark', '备注', 'Remark', { maxLength: 500, inTable: false }),
    ro(num('version', '版本', 'Version', { inTable: false })),
    createTime(),
  ],
});

export const depositorycheckdetailResource = defineResource({
  key: 'depositorycheckdetail',
  api: '/blade-psi/depositorycheckdetail',
  title: t('盘点明细', 'Stocktake lines'),
  permission: 'depositorycheck',
  tenant: 'scoped',
  access: {
    list: { menu: 'depositorycheck' },
    detail: { menu: 'depositorycheck' },
    submit: { button: ['depositorycheck_add', 'depositorycheck_edit'] },
    remove: { button: ['depositorycheck_edit', 'depositorycheck_delete'] },
    export: { menu: 'depositorycheck' },
  },
  defaultSort: [{ field: 'sort', dir: 'asc' }],
  fields: [
    ref('checkId', '盘点单', 'Stocktake', { required: true, search: 'equal', inTable: false }),
    ref('goodsId', '图书', 'Book', { required: true, search: 'equal', inTable: false }),
    ro(text('isbn', 'ISBN', 'ISBN', { search: 'like' })),
    ro(text('goodsName', '书名', 'Title', { search: 'like' })),
    ro(money('price', '定价', 'List price')),
    ro(num('bookQuantity', '账面数', 'Book quantity')),
    ro(num('bookQuantityAtSave', '保存时账面数', 'Book quantity at save', { inTable: false })),
    num('countedQuantity', '实盘数', 'Counted', { required: true, min: 0 }),
    ro(num('differenceQuantity', '差异', 'Difference')),
    ro(money('differenceAmount', '差异金额', 'Difference amount')),
    ro(num('sort', '排序', 'Sort', { inTable: false, sortable: true })),
    text('remark', '备注', 'Remark', { maxLength: 255 }),
  ],
});

/** The ledger and stocktake resources, in menu order. */
export const ledgerResources: ResourceDef[] = [
  depositoryLogResource,
  accountStatementResource,
  depositorycheckResource,
  depositorycheckdetailResource,
];
