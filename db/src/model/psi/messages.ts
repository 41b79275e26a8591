import { t, type Text } from '../text';

/**
 * Messages of the PSI services, in Chinese (the product's language) and English. Placeholders in
 * braces are filled by the server (`{need}`, `{goods}` …): a book by its title and ISBN, money as the
 * tables show it (`¥ 1,248.00`).
 */
export const psiMessages = {
  docNotFound: t('单据不存在', 'The document does not exist'),
  statusChanged: t(
    '单据状态已变更，请刷新后重试',
    'The document status has changed, please refresh and retry',
  ),
  versionChanged: t('单据已被修改，请刷新后重试', 'The document was modified, please refresh and retry'),
  noPermission: t('无权操作', 'You may not perform this operation'),
  notEditable: t('单据当前状态不允许修改', 'The document can no longer be changed in its current status'),
  platformOrderLocked: t(
    '平台征订生成的配送单不能修改或删除',
    'A distribution order created from a subscription order cannot be changed or removed',
  ),
  remarkRequired: t('驳回时请填写审核意见', 'Please enter a remark when rejecting'),
  insufficientBalance: t(
    '学校账户余额不足（需 {need}，可用 {have}）',
    'Insufficient school balance (needs {need}, available {have})',
  ),
  insufficientStock: t(
    '库存不足：{goods} 需 {need}，库存 {have}',
    'Insufficient stock: {goods} needs {need}, in stock {have}',
  ),
  overDelivery: t(
    '超出可发数量：{goods} 可发 {open}，本次 {qty}',
    'Over delivery: {goods} has {open} open, this delivery {qty}',
  ),
  duplicateGoods: t('同一单据中图书不能重复：{goods}', 'A book may appear only once per document: {goods}'),
  goodsUnavailable: t('图书不存在或已停用：{goods}', 'The book does not exist or is disabled: {goods}'),
  depositoryUnavailable: t('仓库不存在或已停用', 'The depository does not exist or is disabled'),
  depositoryNotServing: t(
    '所选仓库不服务该学校所在地区',
    'The chosen depository does not serve the region of the school',
  ),
  schoolUnavailable: t('学校不存在或已停用', 'The school does not exist or is disabled'),
  openCheckExists: t('该仓库已有进行中的盘点单', 'The depository already has a stocktake in progress'),
  linesRequired: t('请至少添加一行明细', 'Please add at least one line'),
  keepOneLine: t('单据至少保留一行明细', 'A document keeps at least one line'),
  quantityInvalid: t('第{row}行数量必须为正整数', 'Line {row}: the quantity must be a positive whole number'),
  countedInvalid: t('第{row}行实盘数量必须为非负整数', 'Line {row}: the counted quantity must be 0 or more'),
  discountInvalid: t('折扣必须大于0且不超过1', 'The discount must be greater than 0 and at most 1'),
  receivedInvalid: t(
    '实收数量必须在 0 到订购数量之间：{goods}',
    'The received quantity must be between 0 and the ordered quantity: {goods}',
  ),
  receivedNone: t('至少一行实收数量大于0', 'At least one line must receive more than 0'),
  lineNotInOrder: t('明细不属于该单据', 'The line does not belong to this document'),
  orderNotShippable: t(
    '配送单当前状态不能发货',
    'The distribution order cannot be shipped in its current status',
  ),
  ledgerReadOnly: t('流水记录只读，不允许修改', 'Ledger rows are read-only'),
  voucherUsed: t('该凭证号已入账', 'This voucher number has already been credited'),
  amountInvalid: t('金额必须大于0', 'The amount must be greater than 0'),
  rechargeSchool: t('请选择学校', 'Please select the school'),
  rechargeAmount: t('请输入充值金额', 'Please enter the recharge amount'),
  rechargePayMethod: t('请选择支付方式', 'Please select the pay method'),
  rechargeVoucher: t('请输入凭证号', 'Please enter the voucher number'),
  userBound: t('该用户已绑定其他学校', 'This user is already bound to another school'),
  userNotFound: t('用户不存在', 'The user does not exist'),
  regionNotServed: t(
    '默认仓库不服务该学校所在地区',
    'The default depository does not serve the region of the school',
  ),
  termInvalid: t('学期格式应为 2025-2026-1', 'The term must look like 2025-2026-1'),
  isbnInvalid: t('ISBN校验失败', 'Invalid ISBN-13 check digit'),
  importFailed: t('导入失败，共{count}处错误：{first}', 'Import failed with {count} error(s): {first}'),
  importDone: t(
    '导入成功：新增{created}条，更新{updated}条，未变化{unchanged}条',
    'Imported: {created} created, {updated} updated, {unchanged} unchanged',
  ),
  importNoFile: t('请上传Excel文件(.xlsx)', 'Please upload an Excel file (.xlsx)'),
  importBadFile: t('无法读取Excel文件', 'The Excel file cannot be read'),
  importTooManyRows: t('导入行数不能超过{max}行', 'At most {max} rows can be imported'),
  importHeader: t('表头不正确，缺少列：{columns}', 'Wrong header row, missing columns: {columns}'),
  importRowError: t('第{row}行 {field}：{message}', 'Row {row} {field}: {message}'),
  duplicateInFile: t('文件中重复', 'Duplicated in the file'),
  unknownDepository: t('仓库编码不存在：{code}', 'Unknown depository code: {code}'),
  depositoryInUse: t(
    '仓库仍有库存或未完成的单据，不能删除',
    'The depository still holds stock or open documents and cannot be removed',
  ),
  schoolInUse: t(
    '学校仍有账户余额或未完成的订单，不能删除',
    'The school still has a balance or open orders and cannot be removed',
  ),
  constraintFailed: t(
    '数据不满足约束条件，未做任何修改',
    'The data breaks a database constraint; nothing was changed',
  ),
  checkLinesRequired: t('完成盘点前请至少录入一行', 'Enter at least one line before completing the count'),
} satisfies Record<string, Text>;

export type PsiMessageKey = keyof typeof psiMessages;
