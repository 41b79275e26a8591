import { describe, expect, it } from 'vitest';
import { BASIC, login, md5, testApp } from '../helpers';
import {
  ADMIN_ROLE,
  adminClient,
  as,
  CEO_POST,
  createRole,
  createUser,
  data,
  FIN_DEPT,
  get,
  OPS_DEPT,
  post,
  refused,
  ROOT_DEPT,
} from './helpers';

const USER = '/api/blade-user';
const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe('users', () => {
  it('pages by department including those below it, with joined names and never a password', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    data(
      await post(admin, '/api/blade-system/dept/submit', {
        parentId: OPS_DEPT,
        deptName: '一组',
        fullName: '运营一组',
        deptCategory: 3,
        sort: 1,
      }),
    );
    const team = String(
      (app.ctx.sqlite.prepare(`SELECT id FROM blade_dept WHERE dept_name = '一组'`).get() as { id: bigint })
        .id,
    );
    await createUser(admin, app, { account: 'ops1', deptId: OPS_DEPT, postId: CEO_POST });
    await createUser(admin, app, { account: 'team1', deptId: team });
    await createUser(admin, app, { account: 'fin1', deptId: `${FIN_DEPT},${team}` });
    await createUser(admin, app, { account: 'fin2', deptId: FIN_DEPT });
    const accounts = async (q: string) =>
      data<{ records: { account: string }[] }>(await get(admin, `${USER}/page?size=50&${q}`))
        .records.map((r) => r.account)
        .sort();
    expect(await accounts(`deptId=${OPS_DEPT}`)).toEqual(['fin1', 'ops1', 'team1']);
    expect(await accounts(`deptId=${team}`)).toEqual(['fin1', 'team1']);
    expect(await accounts(`deptId=${FIN_DEPT}`)).toEqual(['fin1', 'fin2']);
    expect(await accounts(`deptId=${ROOT_DEPT}&account_like=fin`)).toEqual(['fin1', 'fin2']);
    refused(await get(admin, `${USER}/page?deptId=x`), 400, 400);
    const page = data<{ records: Record<string, unknown>[]; total: number }>(
      await get(admin, `${USER}/page?account=ops1`),
    );
    expect(page.records[0]).toMatchObject({
      roleName: '超级管理员',
      deptName: '运营部',
      postName: '首席执行官',
      password: '',
    });
    const id = String(page.records[0].id);
    const detail = data<Record<string, unknown>>(await get(admin, `${USER}/detail?id=${id}`));
    expect(detail).toMatchObject({
      account: 'ops1',
      password: '',
      roleName: '超级管理员',
      statusName: '正常',
    });
    const stored = app.ctx.sqlite.prepare('SELECT password FROM blade_user WHERE id = ?').get(BigInt(id)) as {
      password: string;
    };
    expect(stored.password).toMatch(/^\$argon2id\$/);
    expect(JSON.stringify(page)).not.toContain('argon2');
  });

  it('validates, adds, updates (never the password), grants, resets, unlocks and removes', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const missing = refused(await post(admin, `${USER}/submit`, {}), 400, 400);
    expect(missing.msg).toBe(
      '请输入登录账号; 请输入用户昵称; 请输入用户姓名; 请选择所属角色; 请选择所属部门',
    );
    refused(
      await post(admin, `${USER}/submit`, {
        account: 'x',
        name: 'x',
        realName: 'x',
        roleId: ADMIN_ROLE,
        deptId: ROOT_DEPT,
        password: 'plain',
      }),
      400,
      400,
      '密码须为客户端MD5摘要',
    );
    refused(
      await post(admin, `${USER}/submit`, {
        account: 'admin',
        name: 'x',
        realName: 'x',
        roleId: ADMIN_ROLE,
        deptId: ROOT_DEPT,
      }),
      400,
      400,
      '当前账号已被使用!',
    );
    refused(
      await post(admin, `${USER}/submit`, {
        account: 'y',
        name: 'x',
        realName: 'x',
        roleId: '42',
        deptId: ROOT_DEPT,
      }),
      400,
      400,
      '角色不存在: 42',
    );
    const id = await createUser(admin, app, { account: 'zhang', password: md5('first1') });
    await login(app, 'zhang', 'first1');
    // an edit form posts the record back: the password is ignored on update
    data(await post(admin, `${USER}/update`, { id, realName: '张三', password: md5('other') }));
    await login(app, 'zhang', 'first1');
    refused(await post(admin, `${USER}/update`, { realName: 'x' }), 400, 400, 'id');

    const clerk = await createRole(admin, app, 'clerk');
    data(await post(admin, `${USER}/grant`, `userIds=${id}&roleIds=${clerk}`, form));
    expect(data<{ roleName: string }>(await get(admin, `${USER}/detail?id=${id}`)).roleName).toBe(
      '角色clerk',
    );
    refused(await post(admin, `${USER}/grant?userIds=${id}&roleIds=`), 400, 400, '请选择角色');

    data(await post(admin, `${USER}/reset-password?userIds=${id}`));
    await login(app, 'zhang', '123456');

    for (let i = 0; i < 5; i++) {
      await app.inject({
        method: 'POST',
        url: '/api/blade-auth/oauth/token',
        headers: { authorization: BASIC, 'tenant-id': '000000' },
        query: { tenantId: '000000', username: 'zhang', password: md5('wrong'), grant_type: 'password' },
      });
    }
    await expect(login(app, 'zhang', '123456')).rejects.toThrow(/锁定/);
    refused(await post(admin, `${USER}/unlock`), 400, 400, '请至少选择一个用户');
    data(await post(admin, `${USER}/unlock`, `userIds=${id}`, form));
    await login(app, 'zhang', '123456');

    data(
      await post(
        admin,
        `${USER}/update-platform?userId=${id}&userType=2&userExt=${encodeURIComponent('{"openid":"x"}')}`,
      ),
    );
    expect(data(await get(admin, `${USER}/platform-detail?id=${id}`))).toMatchObject({
      userType: 2,
      userExt: '{"openid":"x"}',
    });
    refused(await post(admin, `${USER}/update-platform?userId=${id}&userType=9`), 400, 400);
    refused(
      await post(admin, `${USER}/update-platform?userId=${id}&userType=1&userExt=nope`),
      400,
      400,
      'JSON',
    );

    const me = String(
      (app.ctx.sqlite.prepare(`SELECT id FROM blade_user WHERE account = 'admin'`).get() as { id: bigint })
        .id,
    );
    // an admin below the super-admin role cannot take over a super-admin account
    await createUser(admin, app, { account: 'deputy', roleId: '1123598816738675203' });
    const deputy = as(app, (await login(app, 'deputy', 'secret1')).token);
    refused(await post(deputy, `${USER}/reset-password?userIds=${me}`), 403, 403);
    refused(await post(deputy, `${USER}/submit`, { id: me, realName: 'x' }), 403, 403);
    refused(await post(deputy, `${USER}/grant?userIds=${id}&roleIds=${ADMIN_ROLE}`), 403, 403);
    data(await post(deputy, `${USER}/reset-password?userIds=${id}`));
    refused(await post(admin, `${USER}/remove?ids=${me},${id}`), 400, 400, '不能删除本账号');
    data(await post(admin, `${USER}/remove?ids=${id}`));
    expect(data(await get(admin, `${USER}/detail?id=${id}`))).toEqual({});
    await expect(login(app, 'zhang', '123456')).rejects.toThrow();
  });

  it("changes the caller's own password and profile only, with the seed's three fields", async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const otherId = await createUser(admin, app, { account: 'li', realName: '李四' });
    const id = await createUser(admin, app, { account: 'wang', password: md5('old111') });
    let wang = as(app, (await login(app, 'wang', 'old111')).token);
    const missing = refused(await post(wang, `${USER}/update-password`), 400, 400);
    expect(missing.msg).toBe('请输入原密码; 请输入新密码; 请输入确认密码');
    const q = (o: string, n: string, n1: string) =>
      `oldPassword=${md5(o)}&newPassword=${md5(n)}&newPassword1=${md5(n1)}`;
    refused(
      await post(wang, `${USER}/update-password?${q('old111', 'new222', 'new333')}`),
      400,
      400,
      '请输入正确的确认密码!',
    );
    refused(
      await post(wang, `${USER}/update-password?${q('bad', 'new222', 'new222')}`),
      400,
      400,
      '原密码不正确!',
    );
    data(await post(wang, `${USER}/update-password`, q('old111', 'new222', 'new222'), form));
    // the new password ends the old sign-in at once
    refused(await get(wang, `${USER}/info`), 401, 401);
    wang = as(app, (await login(app, 'wang', 'new222')).token);
    const en = refused(
      await post(wang, `${USER}/update-password`, undefined, { 'accept-language': 'en' }),
      400,
      400,
    );
    expect(en.msg).toContain('Please enter the old password');

    data(
      await post(wang, `${USER}/update-info`, {
        id: otherId,
        realName: '王五',
        phone: '13900001111',
        account: 'hijack',
        roleId: ADMIN_ROLE,
        status: 0,
      }),
    );
    const mine = data<Record<string, unknown>>(await get(wang, `${USER}/info`));
    expect(mine).toMatchObject({ id, account: 'wang', realName: '王五', phone: '13900001111', status: 1 });
    expect(data<Record<string, unknown>>(await get(admin, `${USER}/detail?id=${otherId}`)).realName).toBe(
      '李四',
    );
    refused(await post(wang, `${USER}/update-info`, { phone: '123' }), 400, 400, '手机号码格式不正确');
  });

  it('registers guests as pending users that an admin approves by enabling them', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    await createUser(admin, app, { account: 'social' });
    const guest = as(app, (await login(app, 'social', 'secret1')).token);
    const REG = `${USER}/register-guest`;
    // third-party identities: one free, one bound to admin
    const oauthRow = (id: string, userId: string | null) =>
      app.ctx.sqlite
        .prepare(
          `INSERT INTO blade_user_oauth (id, tenant_id, uuid, user_id, username, source) VALUES (?, '000000', ?, ?, 'gh', 'github')`,
        )
        .run(BigInt(id), `uuid-${id}`, userId === null ? null : BigInt(userId));
    const adminId = String(
      (app.ctx.sqlite.prepare(`SELECT id FROM blade_user WHERE account = 'admin'`).get() as { id: bigint })
        .id,
    );
    oauthRow('1999999999999990001', null);
    oauthRow('1999999999999990002', adminId);
    refused(await post(guest, REG, {}), 400, 400, '请先输入租户ID');
    refused(await post(guest, REG, { tenantId: '000000' }), 400, 400, '请先输入账号名称');
    refused(await post(guest, REG, { tenantId: '000000', account: 'newbie' }), 400, 400, '请先输入密码');
    refused(
      await post(guest, REG, { tenantId: '000000', account: 'newbie', password: md5('p1'), password2: '' }),
      400,
      400,
      '请先输入密码',
    );
    refused(
      await post(guest, REG, {
        tenantId: '000000',
        account: 'newbie',
        password: md5('p1'),
        password2: md5('p2'),
      }),
      400,
      400,
      '两次密码输入不一致',
    );
    const en = refused(await post(guest, REG, {}, { 'accept-language': 'en' }), 400, 400);
    expect(en.msg).toBe('Please enter the tenant ID first');
    refused(
      await post(guest, REG, { tenantId: '000000', account: 'bad account!', password: md5('p1') }),
      400,
      400,
      '登录账号只能包含',
    );
    refused(
      await post(guest, REG, { tenantId: '999999', account: 'newbie', password: md5('p1') }),
      400,
      400,
      '租户ID不存在',
    );
    refused(
      await post(guest, REG, { tenantId: '000000', account: 'admin', password: md5('p1') }),
      400,
      400,
      '当前账号已被使用',
    );
    data(
      await post(guest, REG, {
        tenantId: '000000',
        name: '新人',
        account: 'newbie',
        password: md5('p1'),
        password2: md5('p1'),
        oauthId: '1999999999999990001',
      }),
    );
    const bound = app.ctx.sqlite
      .prepare(
        `SELECT u.account AS a FROM blade_user_oauth o JOIN blade_user u ON u.id = o.user_id WHERE o.id = 1999999999999990001`,
      )
      .get() as { a: string };
    expect(bound.a).toBe('newbie');
    // a third-party identity bound to someone else cannot be taken over
    const guestBody = { tenantId: '000000', name: '新人', password: md5('p1'), password2: md5('p1') };
    refused(
      await post(guest, REG, { ...guestBody, account: 'thief', oauthId: '1999999999999990002' }),
      400,
      400,
      '第三方账号不存在或已绑定其他用户',
    );
    refused(await post(guest, REG, { ...guestBody, account: 'thief', oauthId: 'x' }), 400, 400, 'oauthId');
    expect(app.ctx.sqlite.prepare(`SELECT id FROM blade_user WHERE account = 'thief'`).get()).toBeUndefined();
    const pending = data<{ records: { id: string; status: number; statusName: string }[] }>(
      await get(admin, `${USER}/page?account=newbie&status=2`),
    ).records[0];
    expect(pending).toMatchObject({ status: 2, statusName: '待审核' });
    await expect(login(app, 'newbie', 'p1')).rejects.toThrow(/待审核/);
    data(
      await post(admin, `${USER}/submit`, {
        id: pending.id,
        status: 1,
        roleId: ADMIN_ROLE,
        deptId: ROOT_DEPT,
      }),
    );
    await login(app, 'newbie', 'p1');
    const log = app.ctx.sqlite
      .prepare(`SELECT log_id AS id, log_data AS d FROM blade_log_usual WHERE log_id = 'user.approve'`)
      .get() as { id: string; d: string };
    expect(JSON.parse(log.d)).toMatchObject({ account: 'newbie' });

    data(
      await post(admin, '/api/blade-system/param/submit', { id: '1123598819738675201', paramValue: 'false' }),
    );
    refused(
      await post(guest, REG, { tenantId: '000000', account: 'late', password: md5('p1') }),
      400,
      400,
      '未开启注册',
    );
  });
  it('clears the posts of a user when the edit form sends them empty (null)', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const id = await createUser(admin, app, { account: 'posted', postId: CEO_POST });
    const detail = data<Record<string, unknown>>(await get(admin, `${USER}/detail?id=${id}`));
    expect(detail.postId).toBe(CEO_POST);
    data(
      await post(admin, `${USER}/submit`, {
        id,
        name: 'posted',
        realName: 'posted',
        roleId: ADMIN_ROLE,
        deptId: ROOT_DEPT,
        postId: null,
        code: null,
        email: null,
      }),
    );
    const after = data<Record<string, unknown>>(await get(admin, `${USER}/detail?id=${id}`));
    expect(after.postId ?? '').toBe('');
  });
});
