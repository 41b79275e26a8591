/** What every chapter of the demo story works with: the tenants as seeded so far, the clock, the data. */
import type Database from 'better-sqlite3';
import { goodsInfoResource, parseMoney } from '@psi/db/model';
import { prepareNumbers } from '../../core/data';
import { parseValues, type PsiActor, type PsiEnv, resolveActor } from '../../modules/psi/public';
import type { Clock } from './dating';
import type { DemoFixture, DemoStory, StoryLines } from './fixture';

/** A demo tenant: the ids its rows got, by the codes and accounts the story names them with. */
export class Tenant {
  readonly users = new Map<string, string>();
  readonly actors = new Map<string, PsiActor>();
  readonly goods = new Map<string, string>();
  readonly schools = new Map<string, string>();
  readonly depositories = new Map<string, string>();
  roles = new Map<string, string>();
  deptId = '';

  constructor(
    readonly tenantId: string,
    private readonly sqlite: Database.Database,
  ) {}

  actor(account: string): PsiActor {
    let a = this.actors.get(account);
    if (!a) {
      const role = prepareNumbers<{ alias: string }, [bigint]>(
        this.sqlite,
        `SELECT r.role_alias AS alias FROM blade_user u JOIN blade_role r ON r.id = u.role_id WHERE u.id = ?`,
      ).get(BigInt(this.users.get(account)!))!;
      a = resolveActor(this.sqlite, {
        tenantId: this.tenantId,
        userId: this.users.get(account)!,
        deptId: this.deptId,
        roleAliases: [role.alias],
      });
      this.actors.set(account, a);
    }
    return a;
  }

  goodsId = (code: string) => this.goods.get(code)!;

  /** Document lines as the services take them. */
  lines = (spec: StoryLines) =>
    Object.entries(spec).map(([code, quantity]) => ({ goodsId: this.goodsId(code), quantity }));
}

export interface Story {
  env: PsiEnv;
  clock: Clock;
  /** the term of every order */
  term: string;
  fixture: DemoFixture;
  story: DemoStory;
  /** the main tenant (100001) and the isolation tenant (100002) */
  main: Tenant;
  isolated: Tenant;
}

/** Goods values as a catalogue form would send them, checked like one. */
export function goodsValues(g: Record<string, string | number>): Record<string, unknown> {
  const { code, ...rest } = g;
  const { values, issues } = parseValues(goodsInfoResource, { ...rest, goodsCode: code }, 'zh', 'add');
  if (issues.length)
    throw new Error(`demo goods ${String(code)}: ${issues.map((i) => i.message).join('; ')}`);
  return values;
}

export const money = (text: string) => parseMoney(text)!;

/** A voucher number: prefix, the story day's digits, the sequence in five digits. */
export const voucherNo = (s: Story, day: string, prefix: string, sequence: number) =>
  `${prefix}${s.clock.digits(day)}${String(sequence).padStart(5, '0')}`;
