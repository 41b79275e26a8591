import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { notice as noticeTable } from '@psi/db/schema';
import { noticeResource } from '@psi/db/model';
import { login, testApp } from '../helpers';
import { neutralise, registerExport } from '../../src/core/export';
import { adminClient, createUser, data, get, multipart, post, refused, FIN_DEPT, OPS_DEPT } from './helpers';

const USER = '/api/blade-user';

async function sheetOf(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ExcelJS.Buffer);
  const rows: string[][] = [];
  book.worksheets[0].eachRow((row) => {
    rows.push(
      (row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v))),
    );
  });
  return rows;
}

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('users');
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('user spreadsheets', () => {
  it('exports users and imports the file back unchanged; a removed user comes back', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const snapshot = () =>
      app.ctx.sqlite
        .prepare(
          `SELECT account, name, real_name, role_id, dept_id, post_id, phone, email, sex, birthday, user_type, code, status
           FROM blade_user WHERE is_deleted = 0 ORDER BY account`,
        )
        .all();
    await createUser(admin, app, {
      account: 'exp1',
      realName: '=1+2',
      phone: '13800000001',
      sex: 2,
      birthday: '1990-05-06',
      deptId: `${OPS_DEPT},${FIN_DEPT}`,
    });
    await createUser(admin, app, { account: 'exp2', email: 'e@example.com', userType: 2, code: 'A7' });
    const before = snapshot();

    const res = await get(admin, `${USER}/export-user`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain('attachment');
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(expect.arrayContaining(['登录账号', '用户姓名', '所属角色', '所属部门']));
    const exp1 = rows.find((r) => r.includes('exp1'))!;
    expect(exp1).toEqual(expect.arrayContaining(["'=1+2", '女', '运营部,财务部']));

    const file = multipart('users.xlsx', res.rawPayload);
    refused(
      await post(admin, `${USER}/import-user`, file.payload, file.headers),
      400,
      400,
      '当前账号已被使用',
    );
    const covered = data<{ added: number; updated: number }>(
      await post(admin, `${USER}/import-user?isCovered=1`, file.payload, file.headers),
    );
    // every exported user (the seed's and the two above) is updated in place
    expect(covered).toEqual({ added: 0, updated: rows.length - 1 });
    expect(snapshot()).toEqual(before);

    const exp2 = app.ctx.sqlite.prepare(`SELECT id FROM blade_user WHERE account = 'exp2'`).get() as {
      id: bigint;
    };
    data(await post(admin, `${USER}/remove?ids=${exp2.id}`));
    const again = data<{ added: number; updated: number }>(
      await post(admin, `${USER}/import-user?isCovered=1`, file.payload, file.headers),
    );
    expect(again).toEqual({ added: 1, updated: rows.length - 2 });
    expect(snapshot()).toEqual(before);
    // a restored account signs in with the initial password
    await login(app, 'exp2', '123456');
  });

  it('refuses a file with a bad row, naming every bad row, and writes nothing', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const count = () =>
      (app.ctx.sqlite.prepare('SELECT COUNT(*) AS n FROM blade_user').get() as { n: bigint }).n;
    const template = await get(admin, `${USER}/export-template`);
    const header = (await sheetOf(template.rawPayload))[0];
    expect(header).toEqual(expect.arrayContaining(['登录账号', '用户昵称', '初始密码']));
    const at = (name: string) => header.indexOf(name);
    const row = (values: Record<string, string>) => header.map((h) => values[h] ?? '');
    const good = {
      登录账号: 'imp1',
      用户昵称: 'i1',
      用户姓名: '导入一',
      所属角色: '超级管理员',
      所属部门: '运营部',
      初始密码: 'pw1234',
    };
    const book = await workbook([
      header,
      row(good),
      row({ ...good, 登录账号: 'imp2', 所属角色: '不存在的角色' }),
      row({ ...good, 登录账号: 'imp3', 用户姓名: '' }),
      row({ ...good, 登录账号: 'imp1' }),
      row({ ...good, 登录账号: 'imp4', 用户性别: '外星' }),
    ]);
    expect(at('登录账号')).toBeGreaterThanOrEqual(0);
    const before = count();
    const file = multipart('bad.xlsx', book);
    const res = refused(await post(admin, `${USER}/import-user`, file.payload, file.headers), 400, 400);
    expect(res.msg).toContain('第3行: 角色不存在: 不存在的角色');
    expect(res.msg).toContain('第4行: 请输入用户姓名');
    expect(res.msg).toContain('第5行: 账号在文件中重复: imp1');
    expect(res.msg).toContain('第6行: 用户性别格式不正确');
    expect(res.msg).not.toContain('第2行');
    expect(count()).toBe(before);

    const fine = multipart('good.xlsx', await workbook([header, row(good)]));
    expect(data(await post(admin, `${USER}/import-user`, fine.payload, fine.headers))).toEqual({
      added: 1,
      updated: 0,
    });
    await login(app, 'imp1', 'pw1234');

    const notExcel = multipart('x.xlsx', Buffer.from('not a workbook'));
    refused(await post(admin, `${USER}/import-user`, notExcel.payload, notExcel.headers), 400, 400, 'Excel');
    const noColumn = multipart('x.xlsx', await workbook([['账号'], ['a']]));
    refused(await post(admin, `${USER}/import-user`, noColumn.payload, noColumn.headers), 400, 400, '缺少列');
    refused(await post(admin, `${USER}/import-user`, {}), 400, 400, '请选择要上传的文件');
  });
});

describe('generic export', () => {
  it('answers the list rows for the same query with labels, and neutralises formulas', async () => {
    expect(neutralise('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(neutralise('+1')).toBe("'+1");
    expect(neutralise('-1')).toBe("'-1");
    expect(neutralise('@cmd')).toBe("'@cmd");
    expect(neutralise(-1)).toBe(-1);
    expect(neutralise('plain')).toBe('plain');
    const app = await testApp();
    registerExport(app, { def: { ...noticeResource, api: '/api/test/notice' }, table: noticeTable });
    const admin = await adminClient(app);
    for (const [title, category] of [
      ['@evil', 1],
      ['普通', 2],
    ] as const)
      data(
        await post(admin, '/api/blade-desk/notice/submit', {
          title,
          category,
          releaseTime: '2025-01-01 08:00:00',
        }),
      );
    const res = await get(admin, '/api/test/notice/export?category=1');
    expect(res.statusCode).toBe(200);
    const rows = await sheetOf(res.rawPayload);
    expect(rows[0]).toEqual(['通知标题', '通知类型', '通知日期']);
    expect(rows.slice(1)).toEqual([["'@evil", '发布通知', '2025-01-01 08:00:00']]);
    const en = await get(admin, '/api/test/notice/export', { 'accept-language': 'en' });
    expect((await sheetOf(en.rawPayload))[0]).toEqual(['Title', 'Category', 'Release date']);
  });
});
