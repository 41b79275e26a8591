import { fail, nowText, tx, type PsiActor, type PsiEnv } from './env';
import {
  checkVersion,
  type DocHeader,
  type DocumentKind,
  depositoriesServing,
  saveDocHeader,
  requireEnabledDepository,
  requireEnabledSchool,
  schoolDiscount,
  type SchoolRow,
} from './docs';
import {
  buildLines,
  insertLines,
  storedTotals,
  totalsOf,
  type BuiltLine,
  type LineInput,
  type StoredLine,
} from './lines';
import { t } from '@psi/db/model';
import { PayStatus, type Totals } from '@psi/db/model/psi/index';
import { ApiError } from '../../../core/errors';

/** The body of `submitPurchaseOrderYypt` and `submitPurchaseOrderDepository` (DOMAIN.md 2.10). */
export interface SchoolOrderInput {
  id?: string | null;
  version?: number | null;
  schoolId?: string | null;
  depositoryId?: string | null;
  term?: string;
  receiverName?: string | null;
  receiverPhone?: string | null;
  receiverAddress?: string | null;
  remark?: string | null;
  details?: LineInput[];
}

export interface SchoolOrderExisting {
  schoolId: string;
  depositoryId: string;
  term: string;
  receiverName: string;
  receiverPhone: string;
  receiverAddress: string;
  remark: string | null;
}

export interface ResolvedSchoolOrder {
  school: SchoolRow;
  header: SchoolOrderExisting;
  /** null when an edit sent no `details` (the lines stay as they are) */
  lines: BuiltLine[] | null;
  /** of the new lines, or of the kept ones */
  totals: Totals;
}

const receiverRequired = t(
  '请输入收货人、收货电话和收货地址',
  'Please enter the receiver, phone and address',
);
const termRequired = t('请输入学期', 'Please enter the term');

/**
 * Resolves who orders what for whom: a school user always orders for its own school; a depository
 * user (direct orders only) always ships from its own depository and only to schools it serves; the
 * platform may act for any school. The depository must be enabled and serve the school's region;
 * prices carry the school's platform discount; receiver fields default to the school's contact.
 * `storedLines` reads the lines an edit keeps or re-prices.
 */
function resolveSchoolOrder(
  env: PsiEnv,
  actor: PsiActor,
  input: SchoolOrderInput,
  existing: SchoolOrderExisting | null,
  allowDepositoryUser: boolean,
  storedLines: () => StoredLine[],
): ResolvedSchoolOrder {
  let schoolId: string | null | undefined;
  if (actor.kind === 'school') {
    if (!actor.schoolId) throw fail('noPermission');
    schoolId = actor.schoolId;
    if (existing && existing.schoolId !== actor.schoolId) throw fail('noPermission');
  } else if (actor.kind === 'platform' || (actor.kind === 'depository' && allowDepositoryUser)) {
    schoolId = input.schoolId ?? existing?.schoolId;
  } else throw fail('noPermission');
  if (!schoolId) throw fail('schoolUnavailable');
  const school = requireEnabledSchool(env, actor.tenantId, schoolId);

  let depositoryId = input.depositoryId ?? existing?.depositoryId ?? school.depositoryId;
  if (actor.kind === 'depository') {
    if (!actor.depositoryIds.length) throw fail('noPermission');
    if (existing && !actor.depositoryIds.includes(existing.depositoryId)) throw fail('noPermission');
    depositoryId =
      depositoryId && actor.depositoryIds.includes(depositoryId) ? depositoryId : actor.depositoryIds[0];
  }
  if (!depositoryId) throw fail('depositoryUnavailable');
  requireEnabledDepository(env, actor.tenantId, depositoryId);
  if (!depositoriesServing(env, actor.tenantId, school).includes(depositoryId))
    throw fail('depositoryNotServing');

  const pick = (v: string | null | undefined, old: string | undefined, fallback: string | null) =>
    (v ?? '').trim() || old || (fallback ?? '').trim();
  const receiverName = pick(input.receiverName, existing?.receiverName, school.contactName);
  const receiverPhone = pick(input.receiverPhone, existing?.receiverPhone, school.contactPhone);
  const receiverAddress = pick(input.receiverAddress, existing?.receiverAddress, school.address);
  if (!receiverName || !receiverPhone || !receiverAddress) throw new ApiError(400, 400, receiverRequired);
  const term = input.term ?? existing?.term;
  if (!term) throw new ApiError(400, 400, termRequired);

  const discount = schoolDiscount(env, actor.tenantId, school.id);
  // an edit without `details` keeps its lines, unless the school (and so the discount) changed
  const keep = input.details === undefined && existing && existing.schoolId === school.id;
  const lines = keep
    ? null
    : buildLines(
        env,
        actor.tenantId,
        input.details ??
          (existing
            ? storedLines().map((l) => ({ goodsId: l.goodsId, quantity: l.quantity, remark: l.remark }))
            : []),
        () => discount,
      );
  return {
    school,
    header: {
      schoolId: school.id,
      depositoryId,
      term,
      receiverName,
      receiverPhone,
      receiverAddress,
      remark: input.remark !== undefined ? input.remark : (existing?.remark ?? null),
    },
    lines,
    totals: lines ? totalsOf(lines) : storedTotals(storedLines()),
  };
}

type SchoolOrderHeader = DocHeader & SchoolOrderExisting;

/** What submitting differs in between the kinds of school order (征订单, direct 配送单). */
export interface SchoolOrderRules<H extends SchoolOrderHeader> {
  /** refuses an order the caller may not edit */
  requireEditable: (order: H) => void;
  /** a depository user may submit it (direct orders only) */
  allowDepositoryUser: boolean;
  prefix: string;
  /** the kind's own columns of a submitted order (its status, its source) */
  values: Record<string, unknown>;
}

/**
 * Creates a school order (→ 1) or replaces one still editable (→ 1): who orders what for whom
 * (`resolveSchoolOrder`), totals from the lines, unpaid, audit fields cleared.
 */
export function submitSchoolOrder<H extends SchoolOrderHeader>(
  env: PsiEnv,
  actor: PsiActor,
  input: SchoolOrderInput,
  kind: DocumentKind<H>,
  rules: SchoolOrderRules<H>,
): { id: string; orderNo: string } {
  return tx(env, () => {
    const existing = input.id ? kind.load(env, actor, input.id) : null;
    if (existing) {
      rules.requireEditable(existing);
      checkVersion(existing, input.version);
    }
    const resolved = resolveSchoolOrder(env, actor, input, existing, rules.allowDepositoryUser, () =>
      kind.lines(env, existing!.id),
    );
    const values = {
      ...resolved.header,
      ...resolved.totals,
      ...rules.values,
      deliveredQuantity: 0,
      payStatus: PayStatus.unpaid,
      submitTime: nowText(env),
      auditUser: null,
      auditTime: null,
      auditRemark: null,
    };
    const { id, orderNo } = saveDocHeader(env, actor, kind.table, existing, values, {
      guard: kind.editable,
      prefix: rules.prefix,
      oldLines: !!resolved.lines && { table: kind.lineTable, parentColumn: 'purchase_id' },
    });
    if (resolved.lines)
      insertLines(env, kind.lineTable, actor, { purchaseId: id }, resolved.lines, () => ({
        deliveredQuantity: 0,
      }));
    return { id, orderNo };
  });
}
