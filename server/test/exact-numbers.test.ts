import { describe, expect, it } from 'vitest';
import { MAX_MONEY_CENTS, MAX_QUANTITY, parseInteger, parseMoney } from '@psi/db/model';
import { login, testApp } from './helpers';
import { as, data, post, refused } from './system/helpers';
import { as as psiAs, assertInvariants, demoApp, depositoryId, goodsId, one } from './psi/helpers';

describe('exact quantities and money', () => {
  it('takes an integer only as a JSON integer or plain decimal digits', () => {
    for (const ok of [12, '12', '-3', '0', 0, 9_007_199_254_740_991])
      expect(parseInteger(ok), String(ok)).toBe(Number(ok));
    for (const bad of [
      ' 12',
      '12 ',
      '012',
      '+12',
      '--1',
      '-0',
      '0x0c',
      '0b11',
      '1e1',
      '12.0',
      12.5,
      '１２',
      '',
      true,
      null,
      [5],
      2 ** 53,
      Number.NaN,
      Infinity,
    ])
      expect(parseInteger(bad), JSON.stringify(bad)).toBeNull();
  });

  it('keeps money within ±10^12 cents, written plainly', () => {
    expect(parseMoney('10000000000.00')).toBe(MAX_MONEY_CENTS);
    expect(parseMoney('-10000000000')).toBe(-MAX_MONEY_CENTS);
    expect(parseMoney('12.5')).toBe(1250);
    for (const bad of [
      '10000000000.01',
      '1e3',
      '0012.00',
      ' 12',
      '12.',
      '.5',
      '0x10',
      '12.345',
      1e21,
      '99999999999999',
    ])
      expect(parseMoney(bad), String(bad)).toBeNull();
  });

  it('refuses hex, exponent, padded and signed-up integers on a system resource', async () => {
    const app = await testApp();
    const admin = as(app, (await login(app)).token);
    for (const sort of ['0x10', '1e1', ' 7', '+7', '07', 1.5])
      refused(
        await post(admin, '/api/blade-system/dept/submit', {
          parentId: '0',
          deptName: `d${String(sort)}`,
          fullName: 'x',
          deptCategory: 1,
          sort,
        }),
        400,
        400,
      );
    data(
      await post(admin, '/api/blade-system/dept/submit', {
        parentId: '0',
        deptName: 'plain',
        fullName: 'x',
        deptCategory: 1,
        sort: '7',
      }),
    );
  });

  it('refuses quantities beyond the bound or written with tricks on PSI documents, and prices beyond theirs', async () => {
    const app = await demoApp();
    const school = await psiAs(app, 'jw_jiahe');
    const count = () => one<{ n: number }>(app, 'SELECT COUNT(*) AS n FROM psi_purchase_order_depository').n;
    const before = count();
    for (const quantity of [
      '0x10',
      '1e3',
      ' 5',
      '+5',
      '05',
      2.5,
      MAX_QUANTITY + 1,
      String(MAX_QUANTITY + 1),
      -1,
    ]) {
      const r = await school.post('purchasedetaildepository/submitPurchaseOrderDepository', {
        depositoryId: depositoryId(app, 'D01'),
        term: '2025-2026-1',
        details: [{ goodsId: goodsId(app, 'G01'), quantity }],
      });
      expect({ quantity, status: r.status }).toEqual({ quantity, status: 400 });
    }
    expect(count()).toBe(before);
    const ok = await school.post('purchasedetaildepository/submitPurchaseOrderDepository', {
      depositoryId: depositoryId(app, 'D01'),
      term: '2025-2026-1',
      details: [{ goodsId: goodsId(app, 'G01'), quantity: String(MAX_QUANTITY) }],
    });
    expect(ok.success).toBe(true);
    const pt = await psiAs(app, 'pt_admin');
    const price = await pt.post('goodsinfo/submit', { id: goodsId(app, 'G02'), price: '10000.01' });
    expect(price.status).toBe(400);
    assertInvariants(app.ctx.sqlite);
  });
});

describe('exact integers on the flow', () => {
  it('refuses leave days and leave types written with tricks, and starts nothing', async () => {
    const { flowUsers, leaveDefinition, startLeave } = await import('./flow/helpers');
    const app = await testApp();
    const u = await flowUsers(app);
    const def = await leaveDefinition(u.employee);
    const instances = () =>
      Number((app.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM flow_instance').get() as { n: bigint }).n);
    const before = instances();
    for (const days of ['0x3', '3e0', ' 3', '+3', '03', 3.5, '3.0'])
      refused(await startLeave(u.employee, def, u.ids.leader, { days }), 400, 400);
    for (const leaveType of ['0x1', '1e0', '+1', '01'])
      refused(await startLeave(u.employee, def, u.ids.leader, { leaveType }), 400, 400);
    expect(instances()).toBe(before);
    data(await startLeave(u.employee, def, u.ids.leader, { days: '3', leaveType: '1' }));
    expect(instances()).toBe(before + 1);
  });
});
