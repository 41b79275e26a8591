import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../src/schema/index';
import { leaveProcessXml, seed } from '../src/seed';
import { closeDatabases, freshDatabase } from './helpers';

afterAll(closeDatabases);

describe('the workflow part of the seed', () => {
  it('deploys the leave process and its demo accounts even in the minimal seed', () => {
    const handle = freshDatabase();
    seed(handle, 'minimal');
    const [model] = handle.db.select().from(schema.flowModel).all();
    expect(model).toMatchObject({ tenantId: '000000', modelKey: 'leave', category: 'flow_1', version: 1 });
    const [deployment] = handle.db.select().from(schema.flowDeployment).all();
    expect(deployment).toMatchObject({
      processKey: 'leave',
      version: 1,
      suspensionState: 1,
      category: 'flow_1',
      modelId: model.id,
      definitionId: `leave:1:${deployment.id}`,
    });
    expect(deployment.xml).toBe(leaveProcessXml());
    // the category routes to the leave form through the flow dictionary
    const route = handle.sqlite
      .prepare("SELECT remark FROM blade_dict WHERE code = 'flow' AND dict_key = '1'")
      .get() as { remark: string };
    expect(route.remark).toBe('leave');
    const accounts = handle.sqlite
      .prepare(
        `SELECT u.account AS account, r.role_alias AS alias FROM blade_user u JOIN blade_role r ON r.id = u.role_id
         WHERE u.account IN ('emp_zhang', 'leader_li', 'hr_wang') ORDER BY u.account`,
      )
      .all();
    expect(accounts).toEqual([
      { account: 'emp_zhang', alias: 'employee' },
      { account: 'hr_wang', alias: 'hr' },
      { account: 'leader_li', alias: 'dept_leader' },
    ]);
  });
});
