/** The bell's texts, and how their `{placeholders}` are filled. */
import { t, type Lang, type Text } from '@psi/db/model';

const fill = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? ''));
export const say = (text: Text, lang: Lang, params: Record<string, string | number> = {}) =>
  fill(text[lang], params);

export const messageTexts: Record<string, Text> = {
  orderApproved: t('征订单 {no} 已审核通过', 'Order {no} was approved'),
  orderRejected: t('征订单 {no} 被驳回', 'Order {no} was rejected'),
  orderReturned: t('征订单 {no} 被仓库退回', 'Order {no} was returned by the depository'),
  orderDelivered: t('征订单 {no} 已全部发货', 'Order {no} was delivered'),
  orderPartDelivered: t('征订单 {no} 已部分发货', 'Order {no} was partly delivered'),
  accountRecharged: t('账户充值 {amount}', 'Account recharged with {amount}'),
  accountDebited: t('账户扣款 {amount}（{no}）', 'Account debited {amount} ({no})'),
  accountRefunded: t('账户退款 {amount}（{no}）', 'Account refunded {amount} ({no})'),
  purchaseApproved: t('采购入库单 {no} 已审核通过', 'Purchase receipt {no} was approved'),
  purchaseRejected: t('采购入库单 {no} 被驳回', 'Purchase receipt {no} was rejected'),
  purchaseStored: t('采购入库单 {no} 已入库', 'Purchase receipt {no} was stored'),
  directAccepted: t('补订单 {no} 已被仓库受理', 'Supplementary order {no} was accepted'),
  directRejected: t('补订单 {no} 被仓库驳回', 'Supplementary order {no} was rejected'),
  leaveApproved: t('请假申请已通过（{no}）', 'Leave request approved ({no})'),
  leaveRejected: t('请假申请被驳回（{no}）', 'Leave request rejected ({no})'),
};
/**
 * The stored `biz_type` of a message about a 征订单 (`purchaseorderyypt`), written by the notice triggers:
 * stored data keeps its short name, as the SQL tables keep theirs.
 */
export const PURCHASEORDERYYPT_BIZ_TYPE = 'yypt';

/** A message's document, by its stored `biz_type`. */
export const messageDescriptions: Record<string, Text> = {
  [PURCHASEORDERYYPT_BIZ_TYPE]: t('征订单', 'School order'),
  statement: t('账户流水', 'Account statement'),
  purchase: t('采购入库单', 'Purchase receipt'),
  depository: t('配送单', 'Distribution order'),
  leave: t('请假流程', 'Leave process'),
};
