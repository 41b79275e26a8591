import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { call } from '../helpers';
import {
  as,
  assertInvariants,
  demoApp,
  depositoryId,
  docId,
  goodsId,
  one,
  PSI,
  readXlsx,
  rows,
  schoolId,
  xlsx,
  type Client,
} from './helpers';
import { loadImportFixture } from '../../src/seed/demo';

/** Catalogue, schools, depositories, imports, exports, scope, tenant isolation and soft delete. */
let app: FastifyInstance;
let pt: Client;
const imports = loadImportFixture();

beforeAll(async () => {
  app = await demoApp();
  pt = await as(app, 'pt_admin');
});
afterEach(() => assertInvariants(app.ctx.sqlite));

type Page = { records: Record<string, string | number>[]; total: number };

const book = (isbn: string, extra: Record<string, unknown> = {}) => ({
  isbn,
  goodsName: '义务教育教科书·信息科技 七年级',
  publisher: '人民教育出版社',
  edition: '人教版',
  schoolStage: 2,
  grade: '七年级',
  subject: '信息科技',
  volume: '全一册',
  termNo: 0,
  goodsType: 1,
  price: '14.60',
  purchaseDiscount: '0.7',
  ...extra,
});

describe('catalogue', () => {
  it('saves, updates and removes books; an ISBN is unique among live books and reusable after removal', async () => {
    const saved = await pt.ok<Record<string, string | number>>('goodsinfo/save', book('978-7-107-70003-3'));
    expect(saved).toMatchObject({
      isbn: '9787107700033',
      goodsCode: '9787107700033',
      price: '14.60',
      purchaseDiscount: '0.7000',
    });
    const dup = await pt.post('goodsinfo/save', book('9787107700033'));
    expect(dup.msg).toBe('ISBN已存在');
    const noId = await pt.post('goodsinfo/update', { price: '1.00' });
    expect(noId.msg).toBe('缺少必要的请求参数: id');
    const free = await pt.post('goodsinfo/update', { id: saved.id, price: '0' });
    expect(free.msg).toContain('定价不能小于0.01');
    const updated = await pt.ok<Record<string, string | number>>('goodsinfo/update', {
      id: saved.id,
      price: '15.00',
    });
    expect(updated).toMatchObject({ price: '15.00', goodsName: '义务教育教科书·信息科技 七年级' });
    await pt.ok(`goodsinfo/remove?ids=${saved.id}`);
    expect((await pt.get('goodsinfo/detail', { id: String(saved.id) })).data).toEqual({});
    const again = await pt.ok<Record<string, string>>('goodsinfo/save', book('9787107700033'));
    expect(again.id).not.toBe(saved.id);
  });

  it('refuses a wrong ISBN-13 check digit on submit, in zh and en, and writes nothing', async () => {
    const count = () =>
      one<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_goods_info WHERE isbn LIKE '978710752445%'`).n;
    const before = count();
    const bad = await pt.post('goodsinfo/submit', book('9787107524454'));
    expect(bad.code).toBe(400);
    expect(bad.msg).toBe('ISBN校验失败');
    const en = await as(app, 'pt_admin', 'en');
    const badEn = await en.post('goodsinfo/submit', book('978-7-107-52445-4'));
    expect(badEn.msg).toBe('Invalid ISBN-13 check digit');
    const existing = goodsId(app, 'G01');
    const isbnOf = () =>
      one<{ isbn: string }>(app, 'SELECT isbn FROM psi_goods_info WHERE id = ?', existing).isbn;
    const kept = isbnOf();
    const edit = await pt.post('goodsinfo/submit', { id: existing, isbn: '9787107524454' });
    expect(edit.msg).toBe('ISBN校验失败');
    expect(isbnOf()).toBe(kept);
    expect(count()).toBe(before);
    await pt.ok('goodsinfo/submit', book('9787107990014'));
    expect(
      one<{ n: number }>(app, `SELECT COUNT(*) AS n FROM psi_goods_info WHERE isbn = '9787107990014'`).n,
    ).toBe(1);
  });

  it('keeps snapshots: a price change leaves submitted lines, totals and later 配送单 untouched (INV-12)', async () => {
    const zd = docId(app, 'psi_purchase_order_yypt', 'ZD20250828-0001');
    const before = await pt.get<Record<string, string>>('purchaseorderyypt/detail', { id: zd });
    await pt.ok('goodsinfo/update', { id: goodsId(app, 'G04'), price: '20.00' });
    await pt.ok('schoolyyptinfo/submit', {
      id: one<{ id: string }>(
        app,
        `SELECT CAST(id AS TEXT) AS id FROM psi_school_yypt_info WHERE school_code = 'SC01'`,
      ).id,
      discount: '0.5',
    });
    const after = await pt.get<Record<string, string>>('purchaseorderyypt/detail', { id: zd });
    expect(after.data.totalAmount).toBe(before.data.totalAmount);
    const approved = await pt.ok<Record<string, string>>('purchaseorderyypt/approveAudit', {
      id: zd,
      pass: true,
    });
    const pod = await pt.get<Record<string, string>>('purchaseorderdepository/detail', {
      id: approved.depositoryOrderId,
    });
    expect(pod.data.totalAmount).toBe('3699.25');
    const lines = await pt.get<Record<string, string>[]>('purchasedetaildepository/listByOrderId', {
      purchaseId: approved.depositoryOrderId,
    });
    expect(lines.data.find((l) => l.goodsId === goodsId(app, 'G04'))).toMatchObject({
      price: '12.35',
      unitPrice: '12.35',
    });
  });

  it('searches titles with the trigram index and with LIKE below three characters', async () => {
    const three = await pt.get<Page>('goodsinfo/list', { goodsName: '七年级上', size: '100' });
    const two = await pt.get<Page>('goodsinfo/list', { goodsName_like: '地理', size: '100' });
    expect(three.data.records.every((r) => String(r.goodsName).includes('七年级上'))).toBe(true);
    const like = one<{ n: number }>(
      app,
      `SELECT COUNT(*) AS n FROM psi_goods_info WHERE tenant_id = '100001' AND is_deleted = 0 AND goods_name LIKE '%七年级上%'`,
    );
    expect(three.data.total).toBe(like.n);
    expect(like.n).toBeGreaterThan(5);
    expect(two.data.records.map((r) => r.goodsCode)).toEqual(['G16']);
  });
});

describe('paging', () => {
  it('deep pages (from remembered keys) return exactly the rows a plain OFFSET would', async () => {
    const rowsToImport = Array.from({ length: 2600 }, (_, i) => {
      const first12 = `97875${String(800000 + i).padStart(7, '0')}`;
      let sum = 0;
      for (let k = 0; k < 12; k++) sum += Number(first12[k]) * (k % 2 ? 3 : 1);
      return {
        ISBN: `${first12}${(10 - (sum % 10)) % 10}`,
        书名: `分页测试 ${i}`,
        出版社: '测试出版社',
        版本: '测试版',
        学段: '小学',
        年级: '一年级',
        学科: '分页',
        册次: '上册',
        学期: '秋季',
        定价: '1.00',
      };
    });
    const imported = await pt.upload('goodsinfo/upLoadList', await xlsx(rowsToImport));
    expect(imported.data).toEqual({ created: 2600, updated: 0, unchanged: 0 });
    const plain = (offset: number) =>
      rows<{ id: string }>(
        app,
        `SELECT CAST(id AS TEXT) AS id FROM psi_goods_info WHERE tenant_id = '100001' AND is_deleted = 0 AND subject = '分页'
         ORDER BY create_time DESC, id DESC LIMIT 10 OFFSET ?`,
        offset,
      ).map((r) => r.id);
    for (const current of [1, 100, 101, 150, 201, 251, 260, 261]) {
      const page = await pt.get<Page>('goodsinfo/list', {
        subject: '分页',
        current: String(current),
        size: '10',
      });
      expect(page.data.total).toBe(2600);
      expect(
        page.data.records.map((r) => r.id),
        `page ${current}`,
      ).toEqual(plain((current - 1) * 10));
    }
  });
});

describe('imports', () => {
  it('refuses files that are not spreadsheets or lack columns, and rows duplicated in the file', async () => {
    const noFile = await pt.post('goodsinfo/upLoadList', { any: 1 });
    expect(noFile.msg).toBe('请上传Excel文件(.xlsx)');
    const junk = await pt.upload('goodsinfo/upLoadList', Buffer.from('PK\u0003\u0004 not really a zip'));
    expect(junk.msg).toBe('无法读取Excel文件');
    const wrongName = await pt.upload('goodsinfo/upLoadList', await xlsx(imports.goodsFixed), 'books.csv');
    expect(wrongName.msg).toBe('请上传Excel文件(.xlsx)');
    const noHeader = await pt.upload('goodsinfo/upLoadList', await xlsx([{ 书名: 'x' }]));
    expect(noHeader.msg).toContain('表头不正确，缺少列：ISBN');
    const twice = await pt.upload<{ errors: { row: number; field: string; message: string }[] }>(
      'goodsinfo/upLoadList',
      await xlsx([
        imports.goodsFixed[2],
        imports.goodsFixed[2],
        { ...imports.goodsFixed[3], 定价: '-1', 学段: '大学' },
      ]),
    );
    expect(twice.status).toBe(400);
    expect(twice.data.errors).toEqual([
      { row: 3, field: 'ISBN', message: '文件中重复' },
      { row: 4, field: '学段', message: '学段格式不正确' },
      { row: 4, field: '定价', message: '定价不能小于0.01' },
    ]);
    expect(twice.msg).toBe('导入失败，共3处错误：第3行 ISBN：文件中重复');
    expect(
      one(app, `SELECT COUNT(*) AS n FROM psi_goods_info WHERE isbn = '9787107700019' AND is_deleted = 0`),
    ).toEqual({
      n: 0,
    });
    const en = await as(app, 'pt_admin', 'en');
    const enErr = await en.upload<{ errors: { message: string }[] }>(
      'goodsinfo/upLoadList',
      await xlsx(imports.goodsBad),
    );
    expect(enErr.data.errors[0].message).toBe('Invalid ISBN-13 check digit');
  });

  it('imports only into the caller tenant, and only for the platform', async () => {
    const other = await as(app, 'pt_admin2');
    const r = await other.upload('goodsinfo/upLoadList', await xlsx(imports.goodsFixed));
    expect(r.data).toEqual({ created: 4, updated: 0, unchanged: 0 });
    expect(
      one(
        app,
        `SELECT COUNT(*) AS n FROM psi_goods_info WHERE tenant_id = '100001' AND isbn = '9787107700026'`,
      ),
    ).toEqual({ n: 0 });
    const school = await as(app, 'xx_mingde');
    const refused = await school.upload('goodsinfo/upLoadList', await xlsx(imports.goodsFixed));
    expect(refused.status).toBe(403);
  });

  it('serves import templates', async () => {
    const res = await call(app, pt.token, { method: 'GET', url: `${PSI}/goodsinfo/template` });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect((await readXlsx(res.rawPayload))[0]).toEqual([
      'ISBN*',
      '书名*',
      '作者',
      '出版社*',
      '版本*',
      '学段*',
      '年级*',
      '学科*',
      '册次*',
      '学期*',
      '定价*',
      '类型',
      '进货折扣',
    ]);
    const roster = await call(app, pt.token, { method: 'GET', url: `${PSI}/schoolyyptinfo/template` });
    expect((await readXlsx(roster.rawPayload))[0][0]).toBe('学校标识码*');
  });

  it('names the templates and writes their notes in the caller language', async () => {
    const notes = async (payload: Buffer) => {
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(payload as unknown as ArrayBuffer);
      const out: string[] = [];
      wb.worksheets[1]?.eachRow((row) => out.push(String(row.getCell(1).value)));
      return out;
    };
    const school = await as(app, 'xx_mingde');
    for (const [resource, zhName, enName, zhNote, enNote] of [
      ['goodsinfo', '图书导入模板', 'books-template', '按ISBN匹配', 'Rows are matched by ISBN'],
      [
        'schoolyyptinfo',
        '学校导入模板',
        'schools-template',
        '默认仓库编码须为',
        'The default depository code',
      ],
    ]) {
      const zh = await call(app, pt.token, { method: 'GET', url: `${PSI}/${resource}/template` });
      expect(zh.headers['content-disposition']).toContain(encodeURIComponent(zhName));
      expect((await notes(zh.rawPayload)).some((n) => n.includes(zhNote))).toBe(true);
      const en = await call(app, pt.token, {
        method: 'GET',
        url: `${PSI}/${resource}/template`,
        headers: { 'accept-language': 'en' },
      });
      expect(en.headers['content-disposition']).toContain(`${enName}.xlsx`);
      expect((await notes(en.rawPayload)).some((n) => n.includes(enNote))).toBe(true);
      const refused = await call(app, school.token, { method: 'GET', url: `${PSI}/${resource}/template` });
      expect(refused.headers['content-type']).not.toContain('spreadsheetml');
    }
  });
});

describe('import messages', () => {
  it('names unknown depository codes and missing cells per row, and caps the row count', async () => {
    const row = imports.schoolsFixed.find((r) => r['学校标识码'] === 'SC08')!;
    const bad = await pt.upload<{ errors: { row: number; field: string; message: string }[] }>(
      'schoolyyptinfo/upLoadList',
      await xlsx([
        { ...row, 默认仓库编码: 'D99' },
        { ...row, 学校标识码: 'SC11', 学校名称: '' },
      ]),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.errors).toContainEqual({ row: 2, field: '默认仓库编码', message: '仓库编码不存在：D99' });
    expect(bad.data.errors.find((e) => e.row === 3)).toMatchObject({ row: 3, field: '学校名称' });
    expect(one(app, `SELECT COUNT(*) AS n FROM psi_school_info WHERE school_code = 'SC11'`)).toEqual({
      n: 0,
    });
    const headers = Object.keys(imports.goodsFixed[0]);
    const many = await pt.upload(
      'goodsinfo/upLoadList',
      await xlsx(
        Array.from({ length: 20_001 }, () => ({ ISBN: '9787107524455' })),
        headers,
      ),
    );
    expect(many.status).toBe(400);
    expect(many.msg).toBe('导入行数不能超过20000行');
    const again = await pt.upload('goodsinfo/upLoadList', await xlsx([imports.goodsFixed[0]]));
    expect(again.success).toBe(true);
    expect(again.msg).toMatch(/^导入成功：新增\d+条，更新\d+条，未变化\d+条$/);
  });
});

describe('exports', () => {
  it('export the current filters, with formula-looking text neutralised', async () => {
    await pt.ok(
      'goodsinfo/save',
      book('978-7-107-70004-0', { goodsName: '=HYPERLINK("http://x","y")', subject: '公式' }),
    );
    const res = await call(app, pt.token, {
      method: 'GET',
      url: `${PSI}/goodsinfo/export`,
      query: { subject: '公式' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const sheet = await readXlsx(res.rawPayload);
    expect(sheet).toHaveLength(2);
    expect(sheet[1]).toContain('\'=HYPERLINK("http://x","y")');
    const orders = await call(app, pt.token, {
      method: 'GET',
      url: `${PSI}/purchaseorderyypt/export`,
      query: { orderStatus: '3' },
    });
    const rows = await readXlsx(orders.rawPayload);
    expect(rows[0]).toContain('单据编号');
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(['ZD20250801-0001', 'ZD20250805-0001']);
    expect(rows[1]).toContain('已完成');
    // a depository user exports only its own rows
    const ck = await as(app, 'ck_xz');
    const logs = await call(app, ck.token, { method: 'GET', url: `${PSI}/depositorylog/export` });
    const logRows = await readXlsx(logs.rawPayload);
    expect(logRows.slice(1).every((r) => r.includes('秀洲分仓'))).toBe(true);
  });
});

describe('scope and isolation', () => {
  it('a school sees only its own orders, statements and account, whatever it asks for', async () => {
    const mingde = await as(app, 'xx_mingde');
    // a spoofed schoolId is replaced with its own school (DOMAIN.md 3.8)
    const orders = await mingde.get<Page>('purchaseorderyypt/list', {
      schoolId: schoolId(app, 'SC03'),
      size: '100',
    });
    const own = await mingde.get<Page>('purchaseorderyypt/list', { size: '100' });
    expect(own.data.total).toBeGreaterThan(0);
    expect(orders.data).toEqual(own.data);
    expect(new Set(own.data.records.map((r) => r.schoolName))).toEqual(new Set(['南湖区明德小学']));
    const foreign = await mingde.get('purchaseorderyypt/detail', {
      id: docId(app, 'psi_purchase_order_yypt', 'ZD20250805-0001'),
    });
    expect(foreign.data).toEqual({});
    const lines = await mingde.get('purchasedetailyypt/listByOrderId', {
      purchaseId: docId(app, 'psi_purchase_order_yypt', 'ZD20250805-0001'),
    });
    expect(lines.data).toEqual([]);
    const statements = await mingde.get<Page>('accountstatement/list', { size: '100' });
    expect(new Set(statements.data.records.map((r) => r.schoolName))).toEqual(new Set(['南湖区明德小学']));
    const spoof = await mingde.get<Record<string, string>>('schoolinfo/detailByUserId', {
      userId: one<{ id: string }>(
        app,
        `SELECT CAST(id AS TEXT) AS id FROM blade_user WHERE account = 'cz_yucai'`,
      ).id,
    });
    expect(spoof.data.schoolCode).toBe('SC01');
    const deps = await mingde.get<Record<string, string>[]>('depositoryinfo/getSchoolDepositoryList', {
      schoolId: schoolId(app, 'SC07'),
    });
    expect(deps.data.map((d) => d.depositoryCode)).toEqual(['D01']);
  });

  it('a depository user sees its own depository only; the tenant in a query is ignored', async () => {
    const xz = await as(app, 'ck_xz');
    // a spoofed depositoryId is replaced with its own depository (DOMAIN.md 3.8)
    const receipts = await xz.get<Page>('purchaseorder/list', {
      depositoryId: depositoryId(app, 'D01'),
      tenantId: '100001',
    });
    const own = await xz.get<Page>('purchaseorder/list');
    expect(own.data.total).toBeGreaterThan(0);
    expect(receipts.data).toEqual(own.data);
    expect(new Set(own.data.records.map((r) => r.depositoryName))).toEqual(new Set(['秀洲分仓']));
    const narrowed = await xz.get<Page>('purchaseorder/list', {
      depositoryId_equal: depositoryId(app, 'D02'),
    });
    expect(narrowed.data).toEqual(own.data);
    const logs = await xz.get<Page>('depositorylog/list', { size: '100' });
    expect(new Set(logs.data.records.map((r) => r.depositoryName))).toEqual(new Set(['秀洲分仓']));
    const schools = await xz.get<Page>('schoolinfo/list', { size: '100' });
    expect(schools.data.records.map((r) => r.schoolCode).sort()).toEqual(['SC05', 'SC06']);
    const inbox = await xz.get<Page>('purchaseorderdepository/purchaseOrderDepository', {
      depositoryId: depositoryId(app, 'D01'),
    });
    expect(inbox.data.records.every((r) => r.depositoryName === '秀洲分仓')).toBe(true);
    const other = await as(app, 'pt_admin2');
    const tenantSpoof = await other.get<Page>('goodsinfo/list', { tenantId: '100001', size: '100' });
    expect(tenantSpoof.data.total).toBe(
      one<{ n: number }>(
        app,
        `SELECT COUNT(*) AS n FROM psi_goods_info WHERE tenant_id = '100002' AND is_deleted = 0`,
      ).n,
    );
    expect(tenantSpoof.data.records.every((r) => !String(r.id).startsWith(goodsId(app, 'G10')))).toBe(true);
  });

  it('offers serving, enabled depositories with the default first', async () => {
    const sc05 = await pt.get<Record<string, string>[]>('depositoryinfo/getSchoolDepositoryList', {
      schoolId: schoolId(app, 'SC05'),
    });
    expect(sc05.data.map((d) => d.depositoryCode)).toEqual(['D02', 'D01']);
    const sc08 = await pt.get<Record<string, string>[]>('depositoryinfo/getSchoolDepositoryList', {
      schoolId: schoolId(app, 'SC08'),
    });
    expect(sc08.data.map((d) => d.depositoryCode)).toEqual(['D03']);
    const all = await pt.get<Record<string, string>[]>('depositoryinfo/allList');
    expect(all.data.map((d) => d.depositoryCode)).toEqual(['D01', 'D02', 'D03']);
    const missing = await pt.get('depositoryinfo/getSchoolDepositoryList');
    expect(missing.msg).toBe('缺少必要的请求参数: schoolId');
  });
});

describe('soft delete (INV-9)', () => {
  it('deleted rows never show in lists, details or custom queries', async () => {
    const sc99 = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_school_info WHERE school_code = 'SC99'`,
    ).id;
    const schools = await pt.get<Page>('schoolinfo/list', { size: '100' });
    expect(schools.data.records.map((r) => r.schoolCode)).not.toContain('SC99');
    expect((await pt.get('schoolinfo/detail', { id: sc99 })).data).toEqual({});
    expect((await pt.get('depositoryinfo/getSchoolDepositoryList', { schoolId: sc99 })).data).toEqual([]);
    const goods = await pt.get<Page>('goodsinfo/list', { goodsName: '测试教材', size: '100' });
    expect(goods.data.total).toBe(0);
    const draft = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_order WHERE is_deleted = 1`,
    ).id;
    expect((await pt.get('purchaseorder/detail', { id: draft })).data).toEqual({});
    expect((await pt.get('purchasedetail/listByOrderId', { pirchaseId: draft })).data).toEqual([]);
    const receipts = await pt.get<Page>('purchaseorder/list', { size: '100' });
    expect(receipts.data.total).toBe(9);
    const removedZd = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_order_yypt WHERE is_deleted = 1`,
    ).id;
    expect((await pt.get('purchaseorderyypt/detail', { id: removedZd })).data).toEqual({});
    expect((await pt.get<Page>('purchaseorderyypt/list', { size: '100' })).data.total).toBe(8);

    // a removed depository and a removed school account disappear from the custom queries too
    const dep = await pt.ok<Record<string, string>>('depositoryinfo/submit', {
      depositoryCode: 'D09',
      depositoryName: '临时仓',
      depositoryType: 2,
      regionCode: '330402',
      serviceRegionCodes: '330402',
    });
    expect(
      (await pt.get<Record<string, string>[]>('depositoryinfo/allList')).data.map((d) => d.depositoryCode),
    ).toContain('D09');
    await pt.ok(`depositoryinfo/remove?ids=${dep.id}`);
    expect(
      (await pt.get<Record<string, string>[]>('depositoryinfo/allList')).data.map((d) => d.depositoryCode),
    ).not.toContain('D09');
    const count = await pt.ok<Record<string, string>>('depositoryinfo/saveCheckList', {
      depositoryId: depositoryId(app, 'D03'),
      details: [{ goodsId: goodsId(app, 'G10'), countedQuantity: 1 }],
    });
    await pt.ok(`depositorycheck/remove?ids=${count.id}`);
    expect((await pt.get('depositorycheckdetail/listByCheckId', { checkId: count.id })).data).toEqual([]);
  });

  it('detailByUserId answers {} for a user bound to no school, and for a removed school', async () => {
    const none = await pt.get('schoolinfo/detailByUserId');
    expect(none.data).toEqual({});
    expect(none.msg).toBe('暂无承载数据');
  });
});

describe('immutability of approved documents (INV-6)', () => {
  it('a stored receipt and its lines stay byte-for-byte the same after refused writes', async () => {
    const id = docId(app, 'psi_purchase_order', 'CG20250710-0003');
    const row = () => one(app, `SELECT * FROM psi_purchase_order WHERE id = ?`, BigInt(id));
    const lines = () =>
      one(
        app,
        `SELECT group_concat(quantity || ':' || update_time) AS l FROM psi_purchase_detail WHERE purchase_id = ?`,
        BigInt(id),
      );
    const before = [row(), lines()];
    const line = one<{ id: string }>(
      app,
      `SELECT CAST(id AS TEXT) AS id FROM psi_purchase_detail WHERE purchase_id = ? LIMIT 1`,
      BigInt(id),
    ).id;
    for (const [url, body, query] of [
      ['purchaseorder/submit', { id, remark: 'x' }, {}],
      ['purchaseorder/update', { id, orderStatus: 1 }, {}],
      ['purchaseorder/remove', {}, { ids: id }],
      ['purchasedetail/submit', { id: line, quantity: 1 }, {}],
      ['purchasedetail/save', { purchaseId: id, goodsId: goodsId(app, 'G01'), quantity: 1 }, {}],
      ['purchasedetail/remove', {}, { ids: line }],
    ] as const) {
      const r = await pt.post(url, body, query as Record<string, string>);
      expect(r.success, url).toBe(false);
    }
    expect([row(), lines()]).toEqual(before);
  });

  it('generic school updates cannot touch the balance', async () => {
    const before = one(app, `SELECT account_balance AS b FROM psi_school_info WHERE school_code = 'SC01'`);
    await pt.ok('schoolinfo/submit', {
      id: schoolId(app, 'SC01'),
      accountBalance: '99999.00',
      contactName: '林老师',
    });
    expect(one(app, `SELECT account_balance AS b FROM psi_school_info WHERE school_code = 'SC01'`)).toEqual(
      before,
    );
  });
});
