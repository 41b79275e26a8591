import { prepareNumbers } from '../core/data';
/**
 * `SEED=large`: the benchmark volumes of QUALITY.md on top of the demo (tenant 100001): 100 000
 * books, 1 000 schools, 20 more depositories and 10 000 stored purchase receipts of 100 lines, i.e.
 * 1 000 000 stock log rows. Everything goes through the PSI services (catalogue save, roster
 * import, submit → audit → storage), so the ledger invariants hold exactly as for real traffic.
 */
import type { SeedContext } from '@psi/db/seed';
import { goodsInfoResource } from '@psi/db/model';
import { isbn13CheckDigit } from '@psi/db/model/psi/index';
import {
  approvePurchaseorderAudit,
  approveStorage,
  importRoster,
  parseValues,
  type PsiEnv,
  resolveActor,
  ROSTER_COLUMNS,
  saveDepository,
  saveGoods,
  submitPurchaseOrder,
} from '../modules/psi/public';
import { sheetRowOf } from './demo';

export const LARGE = {
  goods: Number(process.env.LARGE_GOODS ?? 100_000),
  schools: 1_000,
  depositories: 20,
  orders: Number(process.env.LARGE_ORDERS ?? 10_000),
  linesPerOrder: 100,
};

const SUBJECTS = [
  '语文',
  '数学',
  '英语',
  '科学',
  '道德与法治',
  '历史',
  '地理',
  '物理',
  '化学',
  '生物学',
  '音乐',
  '美术',
];
const GRADES = [
  '一年级',
  '二年级',
  '三年级',
  '四年级',
  '五年级',
  '六年级',
  '七年级',
  '八年级',
  '九年级',
  '高一',
  '高二',
  '高三',
];
const PUBLISHERS = [
  '人民教育出版社',
  '北京师范大学出版社',
  '外语教学与研究出版社',
  '江苏凤凰教育出版社',
  '教育科学出版社',
];
const COUNTIES = ['330402', '330411', '330421', '330424', '330481', '330482', '330483'];

/** A text progress bar on stderr (redrawn in place on a terminal, a line per 10 % otherwise). */
export class ProgressBar {
  private lastTenth = -1;
  private lastLabel = '';
  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}
  update(label: string, done: number, total: number) {
    const ratio = total ? done / total : 1;
    const width = 30;
    const filled = Math.round(ratio * width);
    const line = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% ${label} ${done}/${total}`;
    if (this.out.isTTY) this.out.write(`\r${line}${done >= total ? '\n' : ''}`);
    else {
      const tenth = Math.floor(ratio * 10);
      if (tenth !== this.lastTenth || label !== this.lastLabel) {
        this.lastTenth = tenth;
        this.lastLabel = label;
        this.out.write(`${line}\n`);
      }
    }
  }
}

function isbnOf(n: number): string {
  const first12 = `97871${String(n).padStart(7, '0')}`;
  return `${first12}${isbn13CheckDigit(first12)}`;
}

/** The large layer; `out` receives the progress bar (stderr by default). */
export function largeLayer(ctx: SeedContext, out: NodeJS.WriteStream = process.stderr): void {
  const sqlite = ctx.handle.sqlite;
  const bar = new ProgressBar(out);
  let clock = new Date('2024-09-01T08:00:00+08:00');
  const env: PsiEnv = { sqlite, now: () => clock };
  const previousCache = sqlite.pragma('cache_size', { simple: true }) as number;
  sqlite.pragma('cache_size = -524288');
  const user = (account: string) =>
    prepareNumbers<{ id: string; dept: string; alias: string }, [string]>(
      sqlite,
      `SELECT CAST(u.id AS TEXT) AS id, CAST(u.dept_id AS TEXT) AS dept, r.role_alias AS alias
       FROM blade_user u JOIN blade_role r ON r.id = u.role_id WHERE u.tenant_id = '100001' AND u.account = ?`,
    ).get(account)!;
  const asActor = (account: string) => {
    const u = user(account);
    return resolveActor(sqlite, { tenantId: '100001', userId: u.id, deptId: u.dept, roleAliases: [u.alias] });
  };
  const admin = asActor('pt_admin');

  // depositories L01…L20, all operated by ck_jx so one account can approve everything in the bench
  const ckJx = user('ck_jx');
  const depositories: string[] = [];
  for (let i = 1; i <= LARGE.depositories; i++)
    depositories.push(
      saveDepository(env, admin, {
        depositoryCode: `L${String(i).padStart(2, '0')}`,
        depositoryName: `压测仓${i}`,
        depositoryType: 2,
        regionCode: COUNTIES[i % COUNTIES.length],
        serviceRegionCodes: COUNTIES.join(','),
        userId: ckJx.id,
        sort: 100 + i,
        status: 1,
      }),
    );
  ctx.onProgress({ step: 'large: depositories', done: 1, total: 4 });

  const goods: string[] = [];
  for (let n = 0; n < LARGE.goods; n++) {
    const grade = GRADES[n % GRADES.length];
    const subject = SUBJECTS[Math.floor(n / GRADES.length) % SUBJECTS.length];
    const stage = n % GRADES.length < 6 ? 1 : n % GRADES.length < 9 ? 2 : 3;
    const { values, issues } = parseValues(
      goodsInfoResource,
      {
        goodsCode: `B${String(n + 1).padStart(6, '0')}`,
        isbn: isbnOf(n + 1),
        goodsName: `${stage === 3 ? '普通高中教科书' : '义务教育教科书'}·${subject} ${grade}${n % 2 ? '下册' : '上册'}（第${Math.floor(n / 144) + 1}版）`,
        publisher: PUBLISHERS[n % PUBLISHERS.length],
        edition: '人教版',
        schoolStage: stage,
        grade,
        subject,
        volume: n % 2 ? '下册' : '上册',
        termNo: n % 2 ? 2 : 1,
        goodsType: n % 10 === 9 ? 2 : 1,
        price: `${5 + (n % 20)}.${String((n * 7) % 100).padStart(2, '0')}`,
        purchaseDiscount: '0.72',
      },
      'zh',
      'add',
    );
    if (issues.length) throw new Error(`large goods ${n}: ${issues[0].message}`);
    goods.push(saveGoods(env, admin, values));
    if (n % 1000 === 999 || n === LARGE.goods - 1) bar.update('books', n + 1, LARGE.goods);
  }
  ctx.onProgress({ step: 'large: books', done: 2, total: 4 });

  const rows = Array.from({ length: LARGE.schools }, (_, i) =>
    sheetRowOf(
      ROSTER_COLUMNS,
      {
        学校标识码: `S${String(i + 1).padStart(5, '0')}`,
        学校名称: `压测学校${i + 1}`,
        学校类型: ['小学', '初中', '高中', '九年一贯制'][i % 4],
        地区代码: COUNTIES[i % COUNTIES.length],
        地址: `演示路${i + 1}号`,
        联系人: '教务处',
        联系电话: `1390000${String(i).padStart(4, '0')}`,
        在校生数: String(300 + (i % 2000)),
        默认仓库编码: `L${String((i % LARGE.depositories) + 1).padStart(2, '0')}`,
        销售折扣: i % 3 === 0 ? '0.95' : '1',
      },
      i,
    ),
  );
  importRoster(env, admin, rows, 'zh');
  bar.update('schools', LARGE.schools, LARGE.schools);
  ctx.onProgress({ step: 'large: schools', done: 3, total: 4 });

  // 10 000 receipts × 100 lines: goods block b always lands in depository b mod 20, so each stock
  // row collects a chain of 10 log rows; the clock walks through the school year 2024-2025
  const operator = asActor('ck_jx');
  const blocks = LARGE.goods / LARGE.linesPerOrder;
  const start = clock.getTime();
  const span = 300 * 24 * 3600 * 1000;
  for (let i = 0; i < LARGE.orders; i++) {
    clock = new Date(start + Math.floor((i * span) / LARGE.orders));
    const block = i % blocks;
    const order = submitPurchaseOrder(env, operator, {
      supplierName: PUBLISHERS[i % PUBLISHERS.length],
      depositoryId: depositories[block % LARGE.depositories],
      term: '2024-2025-1',
      details: Array.from({ length: LARGE.linesPerOrder }, (_, k) => ({
        goodsId: goods[block * LARGE.linesPerOrder + k],
        quantity: 10 + ((i + k) % 50),
      })),
    });
    approvePurchaseorderAudit(env, admin, { id: order.id, pass: true, auditRemark: '压测数据' });
    approveStorage(env, operator, { id: order.id });
    if (i % 100 === 99 || i === LARGE.orders - 1)
      bar.update('stock log rows', (i + 1) * LARGE.linesPerOrder, LARGE.orders * LARGE.linesPerOrder);
  }
  ctx.onProgress({ step: 'large: purchase receipts', done: 4, total: 4 });
  sqlite.pragma(`cache_size = ${previousCache}`);
}
