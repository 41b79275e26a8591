import { describe, expect, it } from 'vitest';
import { addTenant, addUser, call, login, testApp } from './helpers';

const PARAM = '/api/blade-system/param';
const NOTICE = '/api/blade-desk/notice';

describe('envelope and errors', () => {
  it('wraps success, validation, business, 401, 403, 404 and 500 in the Blade envelope', async () => {
    const app = await testApp();
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('secret internals');
    });
    const { token } = await login(app);

    const okRes = await call(app, token, { method: 'GET', url: `${PARAM}/list` });
    expect(okRes.statusCode).toBe(200);
    expect(okRes.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });

    const invalid = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { paramKey: 'k' },
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({ code: 400, success: false, data: {} });
    expect(invalid.json().msg).toContain('请输入参数名称');
    expect(invalid.json().msg).toContain('请输入参数键值');

    const invalidEn = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      headers: { 'accept-language': 'en-US,en;q=0.9' },
      payload: { paramKey: 'k', paramValue: 'v' },
    });
    expect(invalidEn.json().msg).toBe('Please enter the parameter name');

    await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { paramName: 'a', paramKey: 'dup.key', paramValue: '1' },
    });
    const business = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { paramName: 'b', paramKey: 'dup.key', paramValue: '2' },
    });
    expect(business.statusCode).toBe(400);
    expect(business.json().msg).toBe('参数键名已存在');

    const noToken = await call(app, null, { method: 'GET', url: `${PARAM}/list` });
    expect(noToken.statusCode).toBe(401);
    expect(noToken.json()).toMatchObject({ code: 401, success: false, msg: '缺失令牌,鉴权失败' });

    const badToken = await call(app, 'not-a-jwt', { method: 'GET', url: `${PARAM}/list` });
    expect(badToken.statusCode).toBe(401);
    expect(badToken.json().msg).toBe('请求未授权');

    addTenant(app, '200001', ['notice']);
    const tenantAdmin = await login(app, 'admin', 'secret', '200001');
    const forbidden = await call(app, tenantAdmin.token, { method: 'GET', url: `${PARAM}/list` });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 403, success: false, msg: '无权限' });

    const missing = await call(app, token, { method: 'GET', url: '/api/blade-system/nothing-here' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 404, success: false });

    const boom = await call(app, null, { method: 'GET', url: '/api/test/boom' });
    expect(boom.statusCode).toBe(500);
    expect(boom.json()).toEqual({ code: 500, success: false, data: {}, msg: '服务器异常' });
    expect(boom.body).not.toContain('secret internals');
  });

  it('answers bad input with a 4xx envelope, never a 500', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const cases = [
      {
        method: 'POST' as const,
        url: `${PARAM}/submit`,
        payload: '{"paramName": ',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: `${PARAM}/submit`,
        payload: '{"__proto__": {"x": 1}}',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: `${PARAM}/submit`,
        payload: '{"constructor": {"prototype": {"x": 1}}}',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: `${PARAM}/submit`,
        payload: '[1,2]',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: `${PARAM}/submit`,
        payload: 'paramName=x',
        headers: { 'content-type': 'text/plain' },
      },
      { method: 'POST' as const, url: `${PARAM}/submit`, payload: { id: 'abc', paramName: 'x' } },
      {
        method: 'POST' as const,
        url: `${PARAM}/submit`,
        payload: { paramName: { nested: true }, paramKey: 'k', paramValue: 'v' },
      },
      { method: 'GET' as const, url: `${PARAM}/list?current=1&current=2` },
      { method: 'GET' as const, url: `${PARAM}/detail?id=12x` },
      { method: 'GET' as const, url: `${PARAM}/detail` },
      { method: 'POST' as const, url: `${PARAM}/remove` },
      { method: 'POST' as const, url: `${PARAM}/remove?ids=1,x` },
      { method: 'GET' as const, url: `${NOTICE}/list?category=abc` },
      { method: 'GET' as const, url: `${NOTICE}/list?createTime_dategt=yesterday` },
      { method: 'GET' as const, url: `${NOTICE}/list?category=99999999999999999999999` },
    ];
    for (const c of cases) {
      const res = await call(app, token, c);
      expect(res.statusCode, `${c.method} ${c.url} ${JSON.stringify(c.payload)}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json()).toMatchObject({ success: false });
      expect(typeof res.json().msg).toBe('string');
    }
    expect(({} as Record<string, unknown>).x).toBeUndefined();

    // each refusal names the problem, in the caller's language
    const msgOf = async (payload: string, lang = 'zh-CN', url = `${PARAM}/submit`) => {
      const res = await call(app, token, {
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json', 'accept-language': lang },
      });
      expect(res.statusCode, payload).toBe(400);
      return res.json().msg as string;
    };
    expect(await msgOf('{"paramName": ')).toMatch(/^请求体不是合法的JSON: /);
    expect(await msgOf('{"paramName": ', 'en')).toMatch(/^The request body is not valid JSON: /);
    expect(await msgOf('')).toBe('请求体为空');
    expect(await msgOf('{"paramName":"a","__proto__":{"x":1}}')).toBe('请求体包含不允许的键: __proto__');
    expect(await msgOf('{"a":{"constructor":{"prototype":{"x":1}}}}', 'en')).toBe(
      'The request body contains a forbidden key: constructor.prototype',
    );
    // a key merely named "constructor" is data, not an attack
    const plain = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: '{"paramName":"a","paramKey":"constructor","paramValue":"constructor"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(plain.json()).toMatchObject({ code: 200, success: true });
    expect(await msgOf('{"paramName":["a"],"paramKey":"k","paramValue":"v"}')).toBe('参数名称格式不正确');
    // unknown dictionary values and huge numbers in a body
    for (const category of ['99', '1e308', '99999999999999999999999', '-1', '"abc"', 'true', '1.5']) {
      const msg = await msgOf(
        `{"title":"t","category":${category},"releaseTime":"2025-09-01"}`,
        'zh-CN',
        `${NOTICE}/submit`,
      );
      expect(msg, category).toBe('通知类型格式不正确');
    }
    expect(await msgOf('{"id":123456789012345678901234567890,"paramName":"a"}')).toBe('请求参数格式错误: id');
    expect(await msgOf('{"id":-5,"paramName":"a"}')).toBe('请求参数格式错误: id');
    expect(({} as Record<string, unknown>).x).toBeUndefined();

    const tooBig = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { paramName: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 413, success: false });
  });
});

describe('lists', () => {
  async function seedParams(n: number) {
    const app = await testApp();
    const { token } = await login(app);
    for (let i = 1; i <= n; i++) {
      const res = await call(app, token, {
        method: 'POST',
        url: `${PARAM}/submit`,
        payload: {
          paramName: `名称${i}`,
          paramKey: `test.key.${String(i).padStart(2, '0')}`,
          paramValue: `v${i}`,
          remark: i % 2 ? 'odd' : '',
        },
      });
      expect(res.json().success).toBe(true);
    }
    return { app, token };
  }

  it('pages with Blade shape, caps size at 500 and returns empty pages past the end', async () => {
    const { app, token } = await seedParams(12);
    const base = (await call(app, token, { method: 'GET', url: `${PARAM}/list?size=500` })).json().data
      .total as number;
    const page = (await call(app, token, { method: 'GET', url: `${PARAM}/list?current=2&size=5` })).json()
      .data;
    expect(Object.keys(page).sort()).toEqual(['current', 'pages', 'records', 'size', 'total']);
    expect(page).toMatchObject({ current: 2, size: 5, total: base, pages: Math.ceil(base / 5) });
    expect(page.records).toHaveLength(5);
    const defaults = (await call(app, token, { method: 'GET', url: `${PARAM}/list` })).json().data;
    expect(defaults).toMatchObject({ current: 1, size: 10 });
    for (const size of ['-1', '1e9', '100000', '1e400', '99999999999999999999999', '-1e400']) {
      const capped = (await call(app, token, { method: 'GET', url: `${PARAM}/list?size=${size}` })).json()
        .data;
      expect(capped.size).toBe(500);
    }
    for (const current of ['1e9', '1e400', '99999999999999999999999']) {
      const far = await call(app, token, { method: 'GET', url: `${PARAM}/list?current=${current}&size=500` });
      expect(far.statusCode, current).toBe(200);
      expect(far.json().data.records, current).toEqual([]);
    }
    for (const qs of ['size=abc', 'current=x', 'size=true', 'current=1;drop']) {
      const bad = await call(app, token, { method: 'GET', url: `${PARAM}/list?${qs}` });
      expect(bad.statusCode, qs).toBe(400);
      expect(bad.json().msg, qs).toBe(`请求参数格式错误: ${qs.split('=')[0]}`);
    }
    const empty = (await call(app, token, { method: 'GET', url: `${PARAM}/list?current=&size=` })).json()
      .data;
    expect(empty).toMatchObject({ current: 1, size: 10 });
    const past = (await call(app, token, { method: 'GET', url: `${PARAM}/list?current=99` })).json().data;
    expect(past.records).toEqual([]);
    expect(past.total).toBe(base);
  });

  it('applies every filter suffix on declared fields and ignores the rest', async () => {
    const { app, token } = await seedParams(12);
    const count = async (qs: string) =>
      (await call(app, token, { method: 'GET', url: `${PARAM}/list?size=500&${qs}` })).json().data
        .total as number;
    expect(await count('paramKey=test.key')).toBe(12);
    expect(await count('paramKey_like=key.1')).toBe(3);
    expect(await count('paramKey_equal=test.key.05')).toBe(1);
    expect(await count('paramKey_notequal=test.key.05&paramKey_like=test.key')).toBe(11);
    expect(await count('paramKey_likeleft=.12')).toBe(1);
    expect(await count('paramKey_likeright=test.key.0')).toBe(9);
    expect(await count('paramKey_notlike=test.key.0&paramKey_like=test.key')).toBe(3);
    expect(await count('paramKey_ge=test.key.10&paramKey_like=test')).toBe(3);
    expect(await count('paramKey_gt=test.key.10&paramKey_like=test')).toBe(2);
    expect(await count('paramKey_le=test.key.02&paramKey_like=test')).toBe(2);
    expect(await count('paramKey_lt=test.key.02&paramKey_like=test')).toBe(1);
    expect(await count('paramKey_ignore=nothing&paramKey_like=test')).toBe(12);
    expect(await count('paramKey_like=test&paramName_null=1')).toBe(0);
    expect(await count('paramKey_like=test&paramName_notnull=1')).toBe(12);
    expect(await count('paramKey_like=test&paramName=')).toBe(12);
    // paramValue and remark are not searchable: ignored rather than applied
    expect(await count('paramKey_like=test&paramValue=v1&remark=odd')).toBe(12);
    // wildcards in values are literal
    expect(await count('paramKey_like=%25')).toBe(0);
    const now = new Date();
    const y = now.getFullYear();
    expect(await count(`paramKey_like=test&createTime_datege=${y - 1}-01-01 00:00:00`)).toBe(12);
    expect(await count(`paramKey_like=test&createTime_dategt=${y + 1}-01-01 00:00:00`)).toBe(0);
    expect(await count(`paramKey_like=test&createTime_datelt=${y + 1}-01-01`)).toBe(12);
    expect(await count(`paramKey_like=test&createTime_datele=${y - 1}-01-01`)).toBe(0);
    expect(await count(`paramKey_like=test&createTime_dateequal=${y - 1}-01-01 00:00:00`)).toBe(0);
    // the same suffixes where they do match: one row dated in 2020, one without a date
    app.ctx.sqlite
      .prepare(`UPDATE blade_param SET create_time = '2020-05-05 10:00:00' WHERE param_key = 'test.key.03'`)
      .run();
    app.ctx.sqlite.prepare(`UPDATE blade_param SET create_time = NULL WHERE param_key = 'test.key.04'`).run();
    expect(await count('paramKey_like=test&createTime_dateequal=2020-05-05 10:00:00')).toBe(1);
    expect(await count('paramKey_like=test&createTime_datele=2020-05-05 10:00:00')).toBe(1);
    expect(await count('paramKey_like=test&createTime_datelt=2020-05-05 10:00:00')).toBe(0);
    expect(await count('paramKey_like=test&createTime_datege=2020-05-05 10:00:00')).toBe(11);
    expect(await count('paramKey_like=test&createTime_dategt=2020-05-05 10:00:00')).toBe(10);
    expect(await count('paramKey_like=test&createTime_null=1')).toBe(1);
    expect(await count('paramKey_like=test&createTime_notnull=1')).toBe(11);
    // the seed's date range: createTime_dategt + createTime_datelt
    expect(await count('paramKey_like=test&createTime_dategt=2020-01-01&createTime_datelt=2021-01-01')).toBe(
      1,
    );
  });

  it('sorts only by allowlisted columns', async () => {
    const { app, token } = await seedParams(5);
    const keys = async (qs: string) =>
      (
        (
          await call(app, token, { method: 'GET', url: `${PARAM}/list?size=500&paramKey_like=test&${qs}` })
        ).json().data.records as {
          paramKey: string;
        }[]
      ).map((r) => r.paramKey);
    expect(await keys('ascs=param_key')).toEqual([
      'test.key.01',
      'test.key.02',
      'test.key.03',
      'test.key.04',
      'test.key.05',
    ]);
    expect(await keys('descs=paramKey')).toEqual([
      'test.key.05',
      'test.key.04',
      'test.key.03',
      'test.key.02',
      'test.key.01',
    ]);
    const injected = await call(app, token, {
      method: 'GET',
      url: `${PARAM}/list?descs=${encodeURIComponent('(select 1);drop table blade_param')}&ascs=param_value`,
    });
    expect(injected.statusCode).toBe(200);
    expect(injected.json().data.total).toBeGreaterThanOrEqual(5);
    // default order: newest first (create_time desc, then id desc within the same second)
    expect(await keys('')).toEqual([
      'test.key.05',
      'test.key.04',
      'test.key.03',
      'test.key.02',
      'test.key.01',
    ]);
  });

  it('soft-deletes: removed rows vanish from list and detail but stay in the table', async () => {
    const { app, token } = await seedParams(3);
    const rows = (await call(app, token, { method: 'GET', url: `${PARAM}/list?paramKey_like=test` })).json()
      .data.records as { id: string; paramKey: string }[];
    const res = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/remove?ids=${rows[0].id},${rows[1].id}`,
    });
    expect(res.json()).toMatchObject({ code: 200, success: true, msg: '操作成功' });
    const after = (await call(app, token, { method: 'GET', url: `${PARAM}/list?paramKey_like=test` })).json()
      .data;
    expect(after.total).toBe(1);
    const detail = (
      await call(app, token, { method: 'GET', url: `${PARAM}/detail?id=${rows[0].id}` })
    ).json();
    expect(detail).toMatchObject({ code: 200, data: {}, msg: '暂无承载数据' });
    const raw = app.ctx.sqlite
      .prepare('SELECT is_deleted FROM blade_param WHERE id = ?')
      .get(BigInt(rows[0].id)) as { is_deleted: bigint };
    expect(Number(raw.is_deleted)).toBe(1);
    // the key of a removed row can be used again
    const again = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { paramName: 'x', paramKey: rows[0].paramKey, paramValue: 'y' },
    });
    expect(again.json().success).toBe(true);
  });

  it('updates only the fields present and keeps ids above 2^53 exact', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const bigId = '1999999999999999999';
    expect(BigInt(bigId) > 2n ** 53n).toBe(true);
    app.ctx.sqlite
      .prepare(
        `INSERT INTO blade_param (id, param_name, param_key, param_value, status, is_deleted, create_time) VALUES (?, 'big', 'big.id', '1', 1, 0, '2025-01-01 00:00:00')`,
      )
      .run(BigInt(bigId));
    const detail = (await call(app, token, { method: 'GET', url: `${PARAM}/detail?id=${bigId}` })).json()
      .data;
    expect(detail.id).toBe(bigId);
    expect(detail.remark).toBe('');
    const upd = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { id: bigId, paramValue: '2' },
    });
    expect(upd.json().success).toBe(true);
    const after = (await call(app, token, { method: 'GET', url: `${PARAM}/detail?id=${bigId}` })).json().data;
    expect(after).toMatchObject({ id: bigId, paramName: 'big', paramKey: 'big.id', paramValue: '2' });
    // the same id sent as a JSON number (beyond 2^53) still names exactly that row
    const neighbour = '1999999999999999998';
    app.ctx.sqlite
      .prepare(
        `INSERT INTO blade_param (id, param_name, param_key, param_value, status, is_deleted, create_time) VALUES (?, 'near', 'near.id', '1', 1, 0, '2025-01-01 00:00:00')`,
      )
      .run(BigInt(neighbour));
    const asNumber = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: `{"id": ${neighbour}, "paramValue": "3", "remark": "12345678901234567890"}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(asNumber.json().success).toBe(true);
    expect(
      (await call(app, token, { method: 'GET', url: `${PARAM}/detail?id=${neighbour}` })).json().data,
    ).toMatchObject({
      id: neighbour,
      paramValue: '3',
      remark: '12345678901234567890',
    });
    expect(
      (await call(app, token, { method: 'GET', url: `${PARAM}/detail?id=${bigId}` })).json().data.paramValue,
    ).toBe('2');
    const listed = (
      await call(app, token, { method: 'GET', url: `${PARAM}/list?paramKey_likeright=near` })
    ).json().data.records;
    expect(listed.map((r: { id: string }) => r.id)).toEqual([neighbour]);
    const blank = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/submit`,
      payload: { id: bigId, paramName: '' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('请输入参数名称');
    const removed = await call(app, token, {
      method: 'POST',
      url: `${PARAM}/remove`,
      payload: `ids=${bigId}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(removed.json().success).toBe(true);
  });
});

describe('tenant scope', () => {
  it('keeps notices of one tenant invisible and untouchable to another', async () => {
    const app = await testApp();
    addTenant(app, '300001', ['notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view']);
    addTenant(app, '300002', ['notice', 'notice_add', 'notice_edit', 'notice_delete', 'notice_view']);
    const a = await login(app, 'admin', 'secret', '300001');
    const b = await login(app, 'admin', 'secret', '300002');
    const add = (token: string, title: string, extra: Record<string, unknown> = {}) =>
      call(app, token, {
        method: 'POST',
        url: `${NOTICE}/submit`,
        payload: { title, category: 1, releaseTime: '2025-09-01 08:00:00', ...extra },
      });
    expect((await add(a.token, 'A1')).json().success).toBe(true);
    expect((await add(a.token, 'A2', { tenantId: '300002' })).json().success).toBe(true);
    expect((await add(b.token, 'B1')).json().success).toBe(true);

    const listA = (await call(app, a.token, { method: 'GET', url: `${NOTICE}/list?tenantId=300002` })).json()
      .data;
    expect(listA.records.map((r: { title: string }) => r.title).sort()).toEqual(['A1', 'A2']);
    expect(listA.records.every((r: { tenantId: string }) => r.tenantId === '300001')).toBe(true);
    const listB = (await call(app, b.token, { method: 'GET', url: `${NOTICE}/list` })).json().data;
    expect(listB.records.map((r: { title: string }) => r.title)).toEqual(['B1']);

    const idA = listA.records[0].id as string;
    const idB = listB.records[0].id as string;
    const detail = await call(app, b.token, { method: 'GET', url: `${NOTICE}/detail?id=${idA}` });
    expect(detail.json().data).toEqual({});

    const edit = await call(app, b.token, {
      method: 'POST',
      url: `${NOTICE}/submit`,
      payload: { id: idA, title: 'hijacked' },
    });
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toMatchObject({ code: 400, success: false, msg: '无权操作非本租户的数据' });

    const mixed = await call(app, b.token, { method: 'POST', url: `${NOTICE}/remove?ids=${idB},${idA}` });
    expect(mixed.statusCode).toBe(403);
    const stillB = (await call(app, b.token, { method: 'GET', url: `${NOTICE}/list` })).json().data;
    expect(stillB.total).toBe(1);
    const stillA = (await call(app, a.token, { method: 'GET', url: `${NOTICE}/detail?id=${idA}` })).json()
      .data;
    expect(stillA.title).not.toBe('hijacked');
  });

  it('fills the audit columns itself and ignores them in a body', async () => {
    const app = await testApp();
    const { token, body: me } = await login(app);
    const forged = {
      createUser: '1',
      createDept: '1',
      createTime: '2000-01-01 00:00:00',
      updateUser: '1',
      updateTime: '2000-01-01 00:00:00',
      tenantId: '999999',
      isDeleted: 1,
    };
    const add = await call(app, token, {
      method: 'POST',
      url: `${NOTICE}/submit`,
      payload: { title: 'audit', category: 1, releaseTime: '2025-09-01', ...forged },
    });
    expect(add.json().success).toBe(true);
    const row = () =>
      app.ctx.sqlite
        .prepare(
          `SELECT CAST(id AS TEXT) AS id, tenant_id AS tenantId, CAST(create_user AS TEXT) AS createUser,
             CAST(create_dept AS TEXT) AS createDept, create_time AS createTime, CAST(update_user AS TEXT) AS updateUser,
             update_time AS updateTime, status, is_deleted AS isDeleted FROM blade_notice WHERE title LIKE 'audit%'`,
        )
        .get() as Record<string, unknown>;
    const created = row();
    const today = new Date().getFullYear();
    expect(created).toMatchObject({
      tenantId: '000000',
      createUser: me.user_id,
      createDept: me.dept_id,
      updateUser: me.user_id,
    });
    expect(Number(created.status)).toBe(1);
    expect(Number(created.isDeleted)).toBe(0);
    expect(String(created.createTime)).toMatch(new RegExp(`^${today}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d$`));
    // the wire shows them in Blade's form
    const wire = (
      await call(app, token, { method: 'GET', url: `${NOTICE}/detail?id=${String(created.id)}` })
    ).json().data;
    expect(wire).toMatchObject({
      createUser: me.user_id,
      tenantId: '000000',
      createTime: created.createTime,
    });

    // an edit by another user changes the update columns only
    addUser(app, '000000', 'editor', 'editor1');
    app.ctx.sqlite
      .prepare("UPDATE blade_user SET role_id = ? WHERE account = 'editor'")
      .run(String(me.role_id));
    const editor = await login(app, 'editor', 'editor1');
    const edit = await call(app, editor.token, {
      method: 'POST',
      url: `${NOTICE}/submit`,
      payload: { id: String(created.id), title: 'audit 2', ...forged },
    });
    expect(edit.json().success).toBe(true);
    const edited = row();
    expect(edited).toMatchObject({
      tenantId: '000000',
      createUser: me.user_id,
      createDept: me.dept_id,
      createTime: created.createTime,
      updateUser: editor.body.user_id,
    });
    expect(Number(edited.isDeleted)).toBe(0);
  });

  it('validates notice fields with the declared messages and dictionary values', async () => {
    const app = await testApp();
    const { token } = await login(app);
    const res = await call(app, token, {
      method: 'POST',
      url: `${NOTICE}/submit`,
      payload: { content: 'x' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('请输入通知标题; 请选择通知类型; 请输入通知日期');
    const badDate = await call(app, token, {
      method: 'POST',
      url: `${NOTICE}/submit`,
      payload: { title: 't', category: 1, releaseTime: 'tomorrow' },
    });
    expect(badDate.json().msg).toBe('通知日期格式不正确');
    const ok = await call(app, token, {
      method: 'POST',
      url: `${NOTICE}/submit`,
      payload: { title: 't', category: '2', releaseTime: '2025-09-01' },
    });
    expect(ok.json().success).toBe(true);
    const list = (await call(app, token, { method: 'GET', url: `${NOTICE}/list?category=2` })).json().data;
    expect(list.records[0]).toMatchObject({ title: 't', category: 2, releaseTime: '2025-09-01 00:00:00' });
    expect(
      (await call(app, token, { method: 'GET', url: `${NOTICE}/list?category=3` })).json().data.total,
    ).toBe(0);
  });
});
