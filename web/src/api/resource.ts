import { notifyError } from '../utils/feedback';
import { RequestError } from './errors';
import { lineHas } from './lines';
import { apiPost, type BodyOf, type DataOf, type RowOf } from './call';
import { failureText, getData, postData, request } from './request';
import type { Page, DeclaredRow, TreeNode } from './types';

/** The generic Blade resource calls (spec section 7, "Generic resource pattern"). */

/**
 * Every react-query key of the resource engine. All keys of a resource start with its declaration's
 * `key`, so `resourceKeys.all(key)` is what a write invalidates to refresh the list, the trees and details.
 */
export const resourceKeys = {
  all: (key: string) => [key] as const,
  list: (key: string, url: string, query: ListParams) => [key, 'list', url, query] as const,
  lazy: (key: string, url: string, query: ListParams) => [key, 'lazy', url, query] as const,
  detail: (key: string, id: string) => [key, 'detail', id] as const,
  /** Dictionaries and option trees are shared by every screen that shows them. */
  dictionary: (code: string | undefined, source: 'dict' | 'dict-biz' = 'dict') =>
    ['dict', source, code] as const,
  tree: (url: string | undefined) => ['tree', url] as const,
};

export interface ListResult {
  records: DeclaredRow[];
  total: number;
  /** A tree list (`dept/list`, `menu/list`...) answers a forest instead of a page. */
  tree: boolean;
}

/** A list's query string; an `undefined` value is left out of the request. */
export type ListParams = Record<string, string | number | undefined>;

/** `GET {url}?current&size&filters`: a page, or a forest for tree resources. */
export async function fetchList(url: string, params: ListParams): Promise<ListResult> {
  const data = await getData<Page<DeclaredRow> | DeclaredRow[] | Record<string, never>>(url, { params });
  if (Array.isArray(data)) return { records: data, total: data.length, tree: true };
  if (data && Array.isArray((data as Page<DeclaredRow>).records)) {
    const page = data as Page<DeclaredRow>;
    return { records: page.records, total: Number(page.total) || 0, tree: false };
  }
  return { records: [], total: 0, tree: false };
}

/** `GET {api}/lazy-list?parentId=&filters`: one level of a lazy tree, rows carrying `hasChildren`. */
export async function fetchLazyList(url: string, params: ListParams): Promise<DeclaredRow[]> {
  const data = await getData<DeclaredRow[] | Record<string, never>>(url, { params });
  return Array.isArray(data) ? data : [];
}

/** `GET {api}/detail?id=`; `{}` when the record is gone. */
export function fetchDetail<A extends string>(api: A, id: string): Promise<RowOf<A>> {
  return getData<RowOf<A>>(`${api}/detail`, { params: { id } });
}

/** `POST {api}/submit` with the entity as a JSON body: one endpoint for add and update. */
export async function submitRecord(api: string, body: DeclaredRow): Promise<void> {
  await postData(`${api}/submit`, body);
}

/** `POST {api}/remove?ids=a,b`. */
export async function removeRecords(api: string, ids: readonly string[]): Promise<void> {
  await postData(`${api}/remove`, null, { params: { ids: ids.join(',') } });
}

/** A dictionary entry of `dictionary?code=`. */
export interface DictEntry {
  id: string;
  code: string;
  dictKey: string | number;
  dictValue: string;
  /** the English label (our server's extra field; a Blade gateway sends none) */
  dictValueEn?: string;
  /** free text; the `flow` dictionary keeps a category's form route here */
  remark?: string;
  sort: number;
}

/** `GET /blade-system/dict/dictionary?code=` (or `dict-biz`), sorted by `sort`. */
export async function fetchDictionary(
  code: string,
  source: 'dict' | 'dict-biz' = 'dict',
): Promise<DictEntry[]> {
  const url = `/blade-system/${source}/dictionary`;
  // a line without business dictionaries: the field keeps its declared options
  if (!lineHas(url)) return [];
  const data = await getData<DictEntry[] | Record<string, never>>(url, { params: { code } });
  return Array.isArray(data) ? data : [];
}

/** A tree endpoint of TreeNodes (`menu/tree`, `dept/tree`, `dict/tree?code=DICT`...) and its query. */
export async function fetchTree(url: string, params?: ListParams): Promise<TreeNode[]> {
  if (!lineHas(url)) return [];
  const data = await getData<TreeNode[] | Record<string, never>>(url, { params });
  return Array.isArray(data) ? data : [];
}

/** `POST {api}/enable?id=`: makes a storage or sms configuration the one in use. */
export async function enableConfig(api: string, id: string): Promise<void> {
  await postData(`${api}/enable`, null, { params: { id } });
}

/** Sends a test message with an sms configuration. */
export async function sendSmsMessage(
  code: string,
  phones: string,
  params: BodyOf<'/blade-resource/sms/endpoint/send-message'>['params'],
): Promise<void> {
  await apiPost('/blade-resource/sms/endpoint/send-message', { code, phones, params });
}

/** What `oss/endpoint/put-file` answers. */
export type UploadedFile = DataOf<'/blade-resource/oss/endpoint/put-file', 'post'>;

/** Uploads one file (multipart `file`) to the file storage; answers its `link`. */
export function uploadFile(file: Blob, name?: string): Promise<UploadedFile> {
  const form = new FormData();
  form.append('file', file, name ?? (file instanceof File ? file.name : 'file'));
  return apiPost('/blade-resource/oss/endpoint/put-file', form);
}

/** The file name of a download, from `Content-Disposition` (RFC 5987 `filename*` first). */
function fileNameOf(disposition: string | undefined, fallback: string): string {
  if (!disposition) return fallback;
  const encoded = /filename\*=(?:UTF-8'')?([^;]+)/i.exec(disposition)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded.trim().replace(/^"|"$/g, ''));
    } catch {
      return fallback;
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? fallback;
}

/**
 * `GET url` as a blob with the session's headers (no token in the URL), saved under the server's file
 * name, which it answers. A refusal answered as a JSON envelope with HTTP 200 is shown and thrown.
 */
export async function downloadFile(url: string, params: ListParams, fallbackName: string): Promise<string> {
  const response = await request.get<Blob>(url, { params, responseType: 'blob' });
  const blob = response.data;
  if (blob.type.includes('json')) {
    const text = failureText(JSON.parse(await blob.text()) as unknown);
    notifyError(text);
    throw new RequestError(text, 400, { notified: true });
  }
  const name = fileNameOf(response.headers['content-disposition'] as string | undefined, fallbackName);
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}

/** `GET {api}/export` with the list's filters, downloaded as a file. */
export async function exportList(api: string, params: ListParams, fallbackName: string): Promise<void> {
  await downloadFile(`${api}/export`, params, fallbackName);
}
