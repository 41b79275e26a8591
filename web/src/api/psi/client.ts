import {
  apiGet,
  apiPostAnswer,
  type ApiPath,
  type BodyOf,
  type DataOf,
  type Merged,
  type RecordOf,
  type RouteOf,
} from '../call';
import { getData, postData } from '../request';
import { downloadFile, exportList, type ListParams } from '../resource';
import type { DeclaredRow } from '../types';

export type { DeclaredRow };

/** The `/blade-psi` calls of the PSI screens, typed by the document's operations (ids and money as strings). */
export type Params = Record<string, string | number | undefined>;

const PSI = '/blade-psi';

/** A `/blade-psi` route of a method, without the prefix (`goodsinfo/list`). */
export type PsiRoute<M extends 'get' | 'post' = 'get'> =
  Extract<RouteOf<M>, `${typeof PSI}/${string}`> extends `${typeof PSI}/${infer R}` ? R : never;

/** The document's path of a PSI route. */
type PsiPath<R extends string> = Extract<ApiPath, `${typeof PSI}/${R}`>;

/** A resource with a `detail?id=` route (`schoolinfo`, `purchaseorderyypt`...). */
export type PsiResource = PsiRoute extends infer R ? (R extends `${infer K}/detail` ? K : never) : never;

/** A record a PSI list or page route answers. */
export type PsiRecord<R extends PsiRoute> = RecordOf<PsiPath<R>>;

/** The record `detail?id=` of a resource answers (not the `{}` of a missing one). */
export type PsiDetail<K extends PsiResource> = Exclude<
  DataOf<PsiPath<`${K}/detail`>>,
  null | undefined | Record<string, never>
>;

const clean = (params: Params) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== ''));

export async function page<R extends PsiRoute>(
  route: R,
  params: Params,
): Promise<{ records: PsiRecord<R>[]; total: number }> {
  const data = await getData<{ records?: PsiRecord<R>[]; total?: number | string } | null>(
    `${PSI}/${route}`,
    {
      params: clean(params),
    },
  );
  return { records: data?.records ?? [], total: Number(data?.total ?? 0) };
}

export async function list<R extends PsiRoute>(route: R, params: Params = {}): Promise<PsiRecord<R>[]> {
  const data = await getData<PsiRecord<R>[] | null>(`${PSI}/${route}`, { params: clean(params) });
  return Array.isArray(data) ? data : [];
}

/** `detail?id=`: `null` when the id is missing or not the caller's to see. */
export async function detail<K extends PsiResource>(resource: K, id: string): Promise<PsiDetail<K> | null> {
  const data = await getData<PsiDetail<K> | null>(`${PSI}/${resource}/detail`, { params: { id } });
  return data && typeof data === 'object' && 'id' in data && data.id ? data : null;
}

/** What a PSI `POST` route answers in the envelope's `data`. */
export type PsiAnswer<R extends PsiRoute<'post'>> = DataOf<PsiPath<R>, 'post'>;

/** `POST` a PSI route with its body: the envelope's `data`. */
export function post<R extends PsiRoute<'post'>>(
  route: R,
  body: BodyOf<PsiPath<R>>,
  quiet = false,
): Promise<PsiAnswer<R>> {
  return postData(`${PSI}/${route}`, body, quiet ? { meta: { quiet: true } } : undefined);
}

/**
 * `detail?id=` of a resource a declaration names (its `key`): the declaration-driven screens hold it as a
 * `DeclaredRow`, since the key is only known at run time.
 */
export async function declaredDetail(resource: string, id: string): Promise<DeclaredRow | null> {
  const data = await getData<DeclaredRow | null>(`${PSI}/${resource}/detail`, { params: { id } });
  return data && typeof data === 'object' && data.id ? data : null;
}

/** `remove?ids=` of a resource a declaration names. */
export function removeDocs(resource: string, ids: string[]): Promise<unknown> {
  return postData(`${PSI}/${resource}/remove`, null, { params: { ids: ids.join(',') } });
}

/** Lines of a document by its header id. */
export const linesOf = {
  purchaseorderyypt: (id: string) => list('purchasedetailyypt/listByOrderId', { purchaseId: id }),
  purchaseorderdepository: (id: string) => list('purchasedetaildepository/listByOrderId', { purchaseId: id }),
  purchaseorder: (id: string) => list('purchasedetail/listByOrderId', { pirchaseId: id }),
  deliveryorder: (id: string) => list('deliverydetail/listByOrderId', { deliveryId: id }),
  depositorycheck: (id: string) => list('depositorycheckdetail/listByCheckId', { checkId: id }),
};

/** A document header with its lines; `null` when the header is missing or not the caller's. */
export async function docWithLines<K extends PsiResource, L>(
  resource: K,
  id: string,
  lines: (id: string) => Promise<L[]>,
): Promise<{ header: PsiDetail<K>; lines: L[] } | null> {
  const header = await detail(resource, id);
  return header ? { header, lines: await lines(id) } : null;
}

/** A row of `depositorystock/list`: one book in one depository. */
export type StockRow = PsiRecord<'depositorystock/list'>;

export const stockPage = (params: Params) => page('depositorystock/list', params);

/** Current stock of some books in one depository, by goods id. */
export async function stockOf(depositoryId: string, goodsIds: string[]): Promise<Record<string, number>> {
  if (!depositoryId || goodsIds.length === 0) return {};
  const { records } = await stockPage({ depositoryId, goodsIds: goodsIds.join(','), size: 500 });
  return Object.fromEntries(records.map((r) => [r.goodsId, r.quantity]));
}

/** The caller's own school (a school user), `null` for anyone else. */
export type MySchool = Exclude<DataOf<'/blade-psi/schoolinfo/detailByUserId'>, null | undefined>;

export async function mySchool(): Promise<MySchool | null> {
  const data = await apiGet('/blade-psi/schoolinfo/detailByUserId');
  return data && 'id' in data && data.id ? data : null;
}

/** The home page figures of the caller's PSI role (`dashboard/summary`). */
export type Summary = Merged<DataOf<'/blade-psi/dashboard/summary'>>;

export type Counts = Record<string, number>;

/** One tenant's figures in the platform owner's overview. */
export type TenantFigures = NonNullable<Summary['tenants']>[number];

/** The PSI masters an Excel file is imported into (`upLoadList`), and their template (`template`). */
export type ImportResource =
  PsiRoute<'post'> extends infer R ? (R extends `${infer K}/upLoadList` ? K : never) : never;

/**
 * `POST {api}/upLoadList` with an Excel file: the server's message on success. A refusal is thrown quietly
 * (the dialog lists its rows), its body carrying `data.errors`.
 */
export async function importFile(resource: ImportResource, file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file, file.name);
  const answer = await apiPostAnswer(`${PSI}/${resource}/upLoadList`, form, { meta: { quiet: true } });
  return answer.msg;
}

/** Downloads the Excel template of an import as `<name>.xlsx`. */
export const downloadImportTemplate = (resource: ImportResource, name: string) =>
  downloadFile(`${PSI}/${resource}/template`, {}, `${name}.xlsx`);

/** A resource with an `export` of its list under the list's filter. */
export type ExportResource = PsiRoute extends infer R ? (R extends `${infer K}/export` ? K : never) : never;

/** `GET {resource}/export` with a list's filters, downloaded as `<name>.xlsx`. */
export const exportPsiList = (resource: ExportResource, params: ListParams, name: string) =>
  exportList(`${PSI}/${resource}`, params, `${name}.xlsx`);
