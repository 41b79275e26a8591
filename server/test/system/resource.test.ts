import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { addTenant, login, testApp } from '../helpers';
import {
  adminClient,
  as,
  data,
  get,
  idsOf,
  leafCodes,
  menuIds,
  multipart,
  post,
  PNG,
  refused,
} from './helpers';

const OSS = '/api/blade-resource/oss';
const SMS = '/api/blade-resource/sms';
const ATTACH = '/api/blade-resource/attach';

/** Every file under DATA_DIR/upload. */
function uploads(dataDir: string): string[] {
  const root = path.join(dataDir, 'upload');
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[])
    .map((f) => path.join(root, f))
    .filter((f) => fs.statSync(f).isFile());
}

describe('uploads', () => {
  it('stores an allowed png and serves it back with safe headers; refuses html, oversize and traversal names', async () => {
    const app = await testApp();
    const dataDir = app.ctx.options.dataDir;
    addTenant(app, '600007', []);
    const user = as(app, (await login(app, 'admin', 'secret', '600007')).token);
    const put = (name: string, content: Buffer, type = 'image/png') => {
      const file = multipart(name, content, type);
      return post(user, `${OSS}/endpoint/put-file`, file.payload, file.headers);
    };

    const saved = data<{
      link: string;
      domain: string;
      name: string;
      originalName: string;
      attachId: string;
    }>(await put('头像.png', PNG));
    expect(saved.originalName).toBe('头像.png');
    expect(saved.name).toMatch(/^upload\/600007\/\d{8}\/[a-f0-9]{32}\.png$/);
    const stored = `/api/blade-resource/oss/endpoint/file/${saved.name.slice('upload/'.length)}`;
    // a signed link that expires: an <img> loads it without the token
    expect(saved.link).toMatch(new RegExp(`^${stored}\\?expires=\\d+&signature=[\\w-]+$`));
    expect(uploads(dataDir)).toHaveLength(1);
    expect(fs.readFileSync(path.join(dataDir, saved.name))).toEqual(PNG);

    const served = await get(user, saved.link);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline; filename="/);
    expect(served.rawPayload).toEqual(PNG);
    refused(await get(as(app, null), stored), 401, 401);
    expect((await get(as(app, null), saved.link)).statusCode).toBe(200);
    const platform = await adminClient(app);
    expect((await get(platform, saved.link)).statusCode).toBe(200);
    addTenant(app, '600008', []);
    const stranger = as(app, (await login(app, 'admin', 'secret', '600008')).token);
    refused(await get(stranger, stored), 403, 400);

    const html = Buffer.from('<html><script>alert(1)</script></html>');
    refused(await put('page.html', html, 'text/html'), 400, 400, '不支持的文件类型: html');
    refused(await put('fake.png', html), 400, 400, '文件内容与类型不符');
    refused(await put('noext', PNG), 400, 400, '不支持的文件类型');
    refused(await put('../../etc/evil.png', PNG), 400, 400, '文件名不合法');
    refused(await put('..\\evil.png', PNG), 400, 400, '文件名不合法');
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    refused(await put('big.png', big), 413, 413, '文件大小不能超过5MB');
    refused(await get(user, `${OSS}/endpoint/file/600007/20250101/..%2F..%2Fpsi.db`), 400, 400);
    expect(uploads(dataDir)).toHaveLength(1);
    // nothing else anywhere under DATA_DIR (but the database and the SM2 key pair kept there), and
    // no attachment rows for the refused files
    const everything = (fs.readdirSync(dataDir, { recursive: true }) as string[])
      .filter(
        (f) =>
          fs.statSync(path.join(dataDir, f)).isFile() && !/^(psi\.db(-wal|-shm)?|sm2-keys\.json)$/.test(f),
      )
      .map((f) => path.join(dataDir, f));
    expect(everything).toEqual(uploads(dataDir));
    const attachRows = app.ctx.sqlite.prepare('SELECT original_name AS n FROM blade_attach').all();
    expect(attachRows).toEqual([{ n: '头像.png' }]);

    // attach rows: list, detail, remove (which deletes the file)
    const list = data<{
      records: { id: string; originalName: string; attachSize: number; extension: string }[];
    }>(await get(platform, `${ATTACH}/list`));
    expect(list.records).toHaveLength(0);
    addTenant(app, '600009', ['attach', 'attach_view', 'attach_delete']);
    const keeper = as(app, (await login(app, 'admin', 'secret', '600009')).token);
    const file = multipart('doc.pdf', Buffer.from('%PDF-1.4\n%test\n'), 'application/pdf');
    const pdf = data<{ attachId: string; link: string }>(
      await post(keeper, `${OSS}/endpoint/put-file`, file.payload, file.headers),
    );
    const own = data<{
      records: { id: string; originalName: string; attachSize: number; extension: string }[];
    }>(await get(keeper, `${ATTACH}/list`));
    expect(own.records).toEqual([
      expect.objectContaining({ id: pdf.attachId, originalName: 'doc.pdf', extension: 'pdf' }),
    ]);
    expect(data(await get(keeper, `${ATTACH}/detail?id=${pdf.attachId}`))).toMatchObject({
      link: pdf.link.split('?')[0],
    });
    refused(await post(keeper, `${ATTACH}/remove?ids=${saved.attachId}`), 403, 400);
    expect(uploads(dataDir)).toHaveLength(2);
    data(await post(keeper, `${ATTACH}/remove?ids=${pdf.attachId}`));
    expect(uploads(dataDir)).toHaveLength(1);
    refused(await get(keeper, pdf.link), 404, 404);
  });

  it('accepts office files by their content', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const book = await (await import('exceljs')).default;
    const wb = new book.Workbook();
    wb.addWorksheet('s').addRow(['a']);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    const ok = multipart('sheet.xlsx', xlsx);
    const saved = data<{ link: string }>(
      await post(admin, `${OSS}/endpoint/put-file`, ok.payload, ok.headers),
    );
    const served = await get(admin, saved.link);
    expect(served.headers['content-disposition']).toMatch(/^attachment;/);
    const renamed = multipart('sheet.docx', xlsx);
    refused(
      await post(admin, `${OSS}/endpoint/put-file`, renamed.payload, renamed.headers),
      400,
      400,
      '文件内容与类型不符',
    );
  });
});

describe('oss and sms configurations', () => {
  it('keeps one enabled configuration per tenant and records sent messages', async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    const missing = refused(await post(admin, `${OSS}/submit`, {}), 400, 400);
    expect(missing.msg).toBe('请选择分类; 请输入资源编号; 请输入资源地址; 请输入空间名');
    const oss = {
      category: 1,
      ossCode: 'local',
      endpoint: 'http://files.local',
      bucketName: 'psi',
      secretKey: 'top-secret',
    };
    data(await post(admin, `${OSS}/submit`, oss));
    data(await post(admin, `${OSS}/submit`, { ...oss, ossCode: 'minio', category: 2 }));
    refused(
      await post(admin, `${OSS}/submit`, { ...oss, category: 42, ossCode: 'x' }),
      400,
      400,
      '分类格式不正确',
    );
    const rows = data<{ records: { id: string; ossCode: string; status: number; secretKey?: string }[] }>(
      await get(admin, `${OSS}/list`),
    ).records;
    expect(rows.every((r) => r.secretKey === undefined)).toBe(true);
    const [a, b] = rows;
    data(await post(admin, `${OSS}/enable?id=${a.id}`));
    data(
      await post(admin, `${OSS}/enable`, `id=${b.id}`, {
        'content-type': 'application/x-www-form-urlencoded',
      }),
    );
    const after = data<{ records: { id: string; status: number }[] }>(
      await get(admin, `${OSS}/list`),
    ).records;
    expect(after.filter((r) => r.status === 2).map((r) => r.id)).toEqual([b.id]);
    refused(await post(admin, `${OSS}/enable?id=1`), 400, 400);

    const file = multipart('a.png', PNG);
    const saved = data<{ domain: string }>(
      await post(admin, `${OSS}/endpoint/put-file`, file.payload, file.headers),
    );
    expect(saved.domain).toBe('http://files.local');

    refused(
      await post(admin, `${SMS}/endpoint/send-message?phones=13800000000`),
      400,
      400,
      '未找到启用的短信配置',
    );
    data(
      await post(admin, `${SMS}/submit`, {
        category: 1,
        smsCode: 'notice',
        templateId: 'T1',
        signName: '书籍征订',
        secretKey: 's',
      }),
    );
    const sms = data<{ records: { id: string }[] }>(await get(admin, `${SMS}/list`)).records[0];
    data(await post(admin, `${SMS}/enable?id=${sms.id}`));
    refused(await post(admin, `${SMS}/endpoint/send-message?phones=123`), 400, 400, '请输入正确的手机号码');
    refused(
      await post(admin, `${SMS}/endpoint/send-message?phones=13800000000&params=notjson`),
      400,
      400,
      'JSON',
    );
    data(
      await post(admin, `${SMS}/endpoint/send-message`, {
        code: 'notice',
        phones: '13800000000,13900000000',
        params: '{"code":"1234"}',
      }),
    );
    const record = app.ctx.sqlite
      .prepare('SELECT sms_code AS c, phones AS p, params AS x FROM blade_sms_record')
      .get() as Record<string, string>;
    expect(record).toEqual({ c: 'notice', p: '13800000000,13900000000', x: '{"code":"1234"}' });

    addTenant(app, '600010', ['oss', 'oss_enable', 'sms', 'sms_send']);
    const other = as(app, (await login(app, 'admin', 'secret', '600010')).token);
    expect(data<{ total: number }>(await get(other, `${OSS}/list`)).total).toBe(0);
    refused(await post(other, `${OSS}/enable?id=${a.id}`), 403, 400);
    refused(
      await post(other, `${SMS}/endpoint/send-message?phones=13800000000`),
      400,
      400,
      '未找到启用的短信配置',
    );
  });
});

describe('a new tenant', () => {
  it("gives its admin the desk and resource menus (Blade's default tenant menus), scoped to its own rows", async () => {
    const app = await testApp();
    const admin = await adminClient(app);
    data(
      await post(admin, `${OSS}/submit`, {
        category: 1,
        ossCode: 'platform',
        endpoint: 'http://files.local',
        bucketName: 'psi',
      }),
    );
    data(
      await post(admin, '/api/blade-desk/notice/submit', {
        title: '平台',
        category: 1,
        releaseTime: '2026-01-01',
      }),
    );
    const tenant = data<{ tenantId: string }>(
      await post(admin, '/api/blade-system/tenant/submit', { tenantName: '资源租户', linkman: '李四' }),
    );
    const tenantAdmin = as(app, (await login(app, 'admin', 'admin', tenant.tenantId)).token);
    const routes = idsOf(data(await get(tenantAdmin, '/api/blade-system/menu/routes')) as never);
    expect(routes).toEqual(
      expect.arrayContaining(menuIds(app, ['desk', 'notice', 'resource', 'oss', 'sms', 'attach'])),
    );
    expect(routes).not.toContain(menuIds(app, ['tenant'])[0]);
    const buttons = leafCodes(data(await get(tenantAdmin, '/api/blade-system/menu/buttons')) as never);
    expect(buttons).toEqual(
      expect.arrayContaining([
        'notice_add',
        'oss_add',
        'oss_enable',
        'sms_send',
        'attach_upload',
        'attach_download',
      ]),
    );
    // its lists hold only its own rows
    expect(data<{ total: number }>(await get(tenantAdmin, `${OSS}/list`)).total).toBe(0);
    expect(data<{ total: number }>(await get(tenantAdmin, '/api/blade-desk/notice/list')).total).toBe(0);
    data(
      await post(tenantAdmin, `${OSS}/submit`, {
        category: 1,
        ossCode: 'own',
        endpoint: 'http://own.local',
        bucketName: 'own',
      }),
    );
    const own = data<{ records: { ossCode: string }[] }>(await get(tenantAdmin, `${OSS}/list`)).records;
    expect(own.map((r) => r.ossCode)).toEqual(['own']);
  });
});
