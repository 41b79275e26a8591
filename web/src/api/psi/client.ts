import { getData, postData, request } from '../request';
import type { WireStockRow } from '@psi/db/model/psi/index';
import type { Page } from '../types';

/** The `/blade-psi` calls of the PSI screens. Rows are wire objects (ids and money as strings). */
export type Row = Record<string, unknown> & { id?: string };
export type Params = Record<string, string | number | undefined>;

const PSI = '/blade-psi';

const clean = (params: Params) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export async function page(path: string, params: Params): Promise<{ records: Row[]; total: number }> {
  const data = await getData<Page<Row> | null>(`${PSI}/${path}`, { params: clean(params) });
  return { records: data?.records ?? [], total: Number(data?.total ?? 0) };
}

export async function list(path: string, params: Params = {}): Promise<Row[]> {
  const data = await getData<Row[] | null>(`${PSI}/${path}`, { params: clean(params) });
  return Array.isArray(data) ? data : [];
}

/** `detail?id=`: `null` when the id is missing or not the caller's to see. */
export async function detail(resource: string, id: string): Promise<Row | null> {
  const data = await getData<Row | null>(`${PSI}/${resource}/detail`, { params: { id } });
  return data && typeof data === 'object' && data.id ? data : null;
}

export function post<T = Row>(path: string, body: unknown, quiet = false): Promise<T> {
  return postData<T>(`${PSI}/${path}`, body, quiet ? { meta: { quiet: true } } : undefined);
}

export function removeDocs(resource: string, ids: string[]): Promise<unknown> {
  return postData(`${PSI}/${resource}/remove`, null, { params: { ids: ids.join(',') } });
}

/** Lines of a document by its header id. */
export const linesOf = {
  yypt: (id: string) => list('purchasedetailyypt/listByOrderId', { purchaseId: id }),
  pod: (id: string) => list('purchasedetaildepository/listByOrderId', { purchaseId: id }),
  purchase: (id: string) => list('purchasedetail/listByOrderId', { pirchaseId: id }),
  delivery: (id: string) => list('deliverydetail/listByOrderId', { deliveryId: id }),
  check: (id: string) => list('depositorycheckdetail/listByCheckId', { checkId: id }),
};

/** A document header with its lines; `null` when the header is missing or not the caller's. */
export async function docWithLines(
  resource: string,
  id: string,
  lines: (id: string) => Promise<Row[]>,
): Promise<{ header: Row; lines: Row[] } | null> {
  const header = await detail(resource, id);
  return header ? { header, lines: await lines(id) } : null;
}

export type StockRow = WireStockRow;

export async function stockPage(params: Params): Promise<{ records: StockRow[]; total: number }> {
  const data = await getData<Page<StockRow>>(`${PSI}/depositorystock/list`, { params: clean(params) });
  return { records: data?.records ?? [], total: Number(data?.total ?? 0) };
}

/** Current stock of some books in one depository, by goods id. */
export async function stockOf(depositoryId: string, goodsIds: string[]): Promise<Record<string, number>> {
  if (!depositoryId || goodsIds.length === 0) return {};
  const { records } = await stockPage({ depositoryId, goodsIds: goodsIds.join(','), size: 500 });
  return Object.fromEntries(records.map((r) => [r.goodsId, r.quantity]));
}

export interface MySchool {
  id: string;
  schoolName: string;
  schoolCode: string;
  accountBalance: string;
  discount: string;
  regionName?: string;
  contactName?: string;
  contactPhone?: string;
  address?: string;
  depositoryId?: string;
}

export async function mySchool(): Promise<MySchool | null> {
  const data = await getData<MySchool | null>(`${PSI}/schoolinfo/detailByUserId`);
  return data && data.id ? data : null;
}

export type Counts = Record<string, number>;

/** The home page figures of the caller's PSI role (`dashboard/summary`). */
/** One tenant's figures in the platform owner's overview. */
export interface TenantFigures {
  tenantId: string;
  tenantName: string;
  schools: number;
  depositories: number;
  orders: number;
  pendingAudit: number;
  amount: string;
  users: number;
}

export interface Summary {
  kind: 'platform' | 'depository' | 'school' | 'tenants' | 'none';
  /** `depository`: what its depositories hold. */
  stock?: { titles: number; quantity: number };
  /** `tenants` (the platform owner, super-admin of 000000): one row per tenant. */
  tenants?: TenantFigures[];
  yyptStatus?: Counts;
  purchaseStatus?: Counts;
  depositoryOrderStatus?: Counts;
  deliveryStatus?: Counts;
  checkStatus?: Counts;
  today?: { day: string; rows: number; inQuantity: number; outQuantity: number };
  lowStock?: { total: number; threshold: number; records: StockRow[] };
  weekly?: { week: string; orders: number; amount: string }[];
  school?: { id: string; schoolName: string; schoolCode: string; balance: string } | null;
  orders?: {
    id: string;
    orderNo: string;
    orderStatus: number;
    payStatus: number;
    totalQuantity: number;
    deliveredQuantity: number;
    totalAmount: string;
    submitTime: string;
  }[];
}

export const dashboardSummary = () => getData<Summary>(`${PSI}/dashboard/summary`);

/**
 * `POST {api}/upLoadList` with an Excel file: the server's message on success. A refusal is thrown quietly
 * (the dialog lists its rows), its body carrying `data.errors`.
 */
export async function importFile(api: string, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const response = await request.post<{ msg: string }>(`${api}/upLoadList`, form, { meta: { quiet: true } });
  return response.data.msg;
}
