import { codeMap, logSourceCodes, orderSourceCodes, payStatusCodes, type CodeDef } from './codes';
import { PSI_DOCUMENTS, type DocumentDef, type DocumentKind, type StatusDef } from './documents';

export { PSI_DICT } from './dicts';
export type { DocumentKind } from './documents';

/**
 * Workflow states of the PSI documents (DOMAIN.md 3.1), derived from their declarations in
 * documents.ts. They live in `order_status`/`check_status`, never in the BladeX `status` row flag.
 */
export const PurchaseorderStatus = codeMap(PSI_DOCUMENTS.purchaseorder.statuses.codes);
export const PurchaseorderyyptStatus = codeMap(PSI_DOCUMENTS.purchaseorderyypt.statuses.codes);
export const PurchaseorderdepositoryStatus = codeMap(PSI_DOCUMENTS.purchaseorderdepository.statuses.codes);
export const DeliveryorderStatus = codeMap(PSI_DOCUMENTS.deliveryorder.statuses.codes);
export const DepositorycheckStatus = codeMap(PSI_DOCUMENTS.depositorycheck.statuses.codes);
export const PayStatus = codeMap(payStatusCodes.codes);
export const DepositoryOrderSource = codeMap(orderSourceCodes.codes);
export const LogSource = codeMap(logSourceCodes.codes);
export const StockDirection = { in: 1, out: 2 } as const;
export const TradeType = { recharge: 1, debit: 2, refund: 3 } as const;
export const AccountDirection = { income: 1, expense: 2 } as const;
export const StatementSource = { none: 0, purchaseorderyypt: 1, purchaseorderdepository: 2 } as const;
/** BladeX row flag on master data: 1 enabled / normal, 0 disabled. */
export const RowStatus = { enabled: 1, disabled: 0 } as const;

type Documents = typeof PSI_DOCUMENTS;
type Codes<K extends DocumentKind> = Documents[K]['statuses']['codes'][number];

/** A set of statuses named by their flag in the declaration. */
export type StatusFlag = 'editable' | 'removable' | 'final' | 'open';

/** The codes of `doc`'s statuses that carry `flag`, in declaration order. */
export const statusSet = (doc: DocumentDef, flag: StatusFlag): number[] =>
  doc.statuses.codes.filter((status: StatusDef) => status[flag]).map((status) => status.code);

/** Statuses in which a document may be re-submitted (its lines replaced) or removed. */
export const EDITABLE = Object.fromEntries(
  Object.values(PSI_DOCUMENTS).map((doc) => [doc.kind, statusSet(doc, 'editable')]),
) as Record<DocumentKind, number[]>;

/** The code of a named status of `doc`. */
function codeNamed(doc: DocumentDef, name: string): number {
  const status = doc.statuses.codes.find((s: CodeDef) => s.name === name);
  if (!status) throw new Error(`${doc.kind} declares no status ${name}`);
  return status.code;
}

type CodeOf<K extends DocumentKind, N> = Extract<Codes<K>, { name: N }>['code'];
type Transitions = {
  readonly [K in DocumentKind]: {
    readonly [A in keyof Documents[K]['transitions']]: Documents[K]['transitions'][A] extends {
      from: readonly (infer F)[];
      to: infer T;
    }
      ? {
          from: CodeOf<K, F>[];
          to: T extends readonly (infer E)[] ? CodeOf<K, E>[] : CodeOf<K, T>;
        }
      : never;
  };
};

/**
 * Every transition of DOMAIN.md section 3 as `action: [from…] → to`, in codes. The services take
 * their expected source states from here, and the tests walk the same table.
 */
export const TRANSITIONS = Object.fromEntries(
  Object.values(PSI_DOCUMENTS).map((doc: DocumentDef) => [
    doc.kind,
    Object.fromEntries(
      Object.entries(doc.transitions).map(([action, { from, to }]) => [
        action,
        {
          from: from.map((name) => codeNamed(doc, name)),
          to: typeof to === 'string' ? codeNamed(doc, to) : to.map((name) => codeNamed(doc, name)),
        },
      ]),
    ),
  ]),
) as Transitions;

/** One or more transitions of a document, in codes: whence, whither and whose buttons take them. */
export interface TransitionRule {
  /** the statuses any of them leaves */
  from: number[];
  /** the statuses they reach */
  to: number[];
  /** the buttons (permission codes) of whoever may take any of them */
  who: string[];
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * The transitions `actions` of `doc` taken together (an audit is its pass and its reject): the
 * source statuses a guard accepts and the buttons a route admits. An action `doc` does not declare
 * is an error, not an open door.
 */
export function transitionRule(doc: DocumentDef, ...actions: string[]): TransitionRule {
  const declared = actions.map((action) => {
    const transition = doc.transitions[action];
    if (!transition) throw new Error(`${doc.kind} declares no transition ${action}`);
    return transition;
  });
  const codes = (names: readonly string[]) => names.map((name) => codeNamed(doc, name));
  return {
    from: unique(declared.flatMap((d) => codes(d.from))),
    to: unique(declared.flatMap((d) => codes(typeof d.to === 'string' ? [d.to] : d.to))),
    who: unique(declared.flatMap((d) => [...d.who])),
  };
}

/** Progress status of a 配送单/征订单 from its delivered and ordered quantities. */
export function progressStatus(delivered: number, ordered: number): 2 | 3 | 4 {
  if (delivered <= 0) return 2;
  return delivered >= ordered ? 3 : 4;
}

/** Whether a document of `kind` in `status` may be edited (`sourceType`: a 配送单's source). */
export function isEditable(kind: DocumentKind, status: number, sourceType?: number): boolean {
  const when = (PSI_DOCUMENTS[kind] as DocumentDef).editableWhen;
  if (when && sourceType !== when.code) return false;
  return EDITABLE[kind].includes(status);
}

/** A check line whose book quantity moved between the last save and the completion. */
export interface BookChange {
  goodsId: string;
  isbn: string;
  goodsName: string;
  bookQuantityAtSave: number;
  bookQuantity: number;
}
