/** The schools' accounts: the opening prepayments of 07-01 and each later top-up of the story. */
import { recharge } from '../../modules/psi/public';
import type { StoryEvent } from './fixture';
import { money, voucherNo, type Story } from './story';

export function writeOpeningRecharges(s: Story): void {
  const opening = s.story.openingRecharges;
  const day = opening.at.slice(0, 10);
  s.clock.at(opening.at);
  Object.entries(opening.amounts).forEach(([code, amount], i) =>
    recharge(s.env, s.main.actor('pt_admin'), {
      schoolId: s.main.schools.get(code)!,
      amount: money(amount),
      payMethod: 1,
      voucherNo: voucherNo(s, day, opening.voucherPrefix, i + 1),
      remark: opening.remark,
    }),
  );
}

export function topUp(s: Story, e: Extract<StoryEvent, { recharge: string }>): void {
  s.clock.at(e.at);
  recharge(s.env, s.main.actor('pt_admin'), {
    schoolId: s.main.schools.get(e.recharge)!,
    amount: money(e.amount),
    payMethod: 1,
    voucherNo: voucherNo(s, e.at.slice(0, 10), e.voucher.prefix, e.voucher.sequence),
    remark: e.remark,
  });
}
