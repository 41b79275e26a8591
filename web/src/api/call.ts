import type { AxiosRequestConfig } from 'axios';
import type { paths } from './generated/bladex';
import { request } from './request';
import type { DeclaredRow, Envelope } from './types';

/**
 * Calls typed by the OpenAPI document the server renders from its route schemas (`contract/openapi.json`,
 * turned into `generated/bladex.ts` by `scripts/api-types.mjs`): the path is a key of the document's
 * `paths`, the query, the body and the answer's `data` are that operation's. A route schema that renames a
 * field therefore fails the web's typecheck wherever the field is read. Axios stays the transport, so the
 * interceptors of `request.ts` (headers, the line's route names, the 401 refresh, the failure toasts) apply.
 */

export type Method = 'get' | 'post';

/** Every path of the document. */
export type ApiPath = keyof paths;

/** The operation of a method on a path, `never` when the path has none. */
type OperationOf<P extends ApiPath, M extends Method> = [paths[P][M]] extends [never]
  ? never
  : Exclude<paths[P][M], undefined>;

/** The paths with an operation of a method. */
export type RouteOf<M extends Method> = {
  [P in ApiPath]: [OperationOf<P, M>] extends [never] ? never : P;
}[ApiPath];

/** The document's query parameters of an operation; the query string carries numbers as text too. */
type WireQuery<Q> = { [K in keyof Q]?: Q[K] extends string | undefined ? string | number : Q[K] };

export type QueryOf<P extends ApiPath, M extends Method = 'get'> =
  OperationOf<P, M> extends { parameters: { query?: infer Q } }
    ? [Exclude<Q, undefined>] extends [never]
      ? never
      : WireQuery<Exclude<Q, undefined>>
    : never;

/**
 * The body of a POST: its JSON object (a body the route takes absent is documented as object or
 * `null`; the web sends the object or nothing), or the form of a multipart upload.
 */
export type BodyOf<P extends RouteOf<'post'>> =
  OperationOf<P, 'post'> extends { requestBody?: { content: infer C } }
    ? C extends { 'application/json': infer J }
      ? Exclude<J, null>
      : C extends { 'multipart/form-data': unknown }
        ? FormData
        : never
    : never;

/** The whole JSON answer of an operation (the Blade envelope, or the token endpoint's bare body). */
export type AnswerOf<P extends ApiPath, M extends Method = 'get'> =
  OperationOf<P, M> extends { responses: { 200: { content: { 'application/json': infer A } } } } ? A : never;

/** The envelope's `data` of an operation. */
export type DataOf<P extends ApiPath, M extends Method = 'get'> =
  AnswerOf<P, M> extends { data: infer D } ? D : never;

/** A record of a page answer (`{records, total, ...}`) or of a list answer (an array). */
export type RecordOf<P extends ApiPath, M extends Method = 'get'> =
  DataOf<P, M> extends { records: (infer R)[] } ? R : DataOf<P, M> extends (infer R)[] ? R : never;

/** The api bases of the document's listed resources: `A` where `A/list` is a GET route. */
export type ResourceApi = RouteOf<'get'> extends infer P ? (P extends `${infer A}/list` ? A : never) : never;

/**
 * A record of a declared resource by its api base (`RowOf<'/blade-system/param'>`); an api base known
 * only at run time (a declaration's `api: string`) gives the open `DeclaredRow`.
 */
export type RowOf<A extends string> = A extends ResourceApi
  ? RecordOf<Extract<ApiPath, `${A}/list`>>
  : DeclaredRow;

/**
 * One object type of a union of answers (the dashboard's answer per role, told by `kind`): every field of
 * any member, optional, so a screen reads the fields its kind has.
 */
export type Merged<U> = {
  [K in U extends unknown ? keyof U : never]?: U extends { [P in K]?: infer V } ? V : never;
};

/** What a call sends beside its path: the operation's query, and axios options (`meta`, `responseType`). */
export type CallInit<Q> = Omit<AxiosRequestConfig, 'params' | 'data' | 'url' | 'method'> &
  ([Q] extends [never] ? { query?: undefined } : { query?: Q });

/** `GET path?query`: the envelope's `data`. */
export async function apiGet<P extends RouteOf<'get'>>(
  path: P,
  init: CallInit<QueryOf<P>> = {},
): Promise<DataOf<P>> {
  const { query, ...config } = init;
  const response = await request.get<Envelope<DataOf<P>>>(path, { ...config, params: query });
  return response.data.data;
}

/** `POST path?query` with a body: the envelope's `data`. */
export async function apiPost<P extends RouteOf<'post'>>(
  path: P,
  body?: BodyOf<P> | null,
  init: CallInit<QueryOf<P, 'post'>> = {},
): Promise<DataOf<P, 'post'>> {
  return (await send<Envelope<DataOf<P, 'post'>>>(path, body, init)).data;
}

/** `POST path` answering the whole envelope (an import's refusal keeps its rows in `data`). */
export async function apiPostAnswer<P extends RouteOf<'post'>>(
  path: P,
  body?: BodyOf<P> | null,
  init: CallInit<QueryOf<P, 'post'>> = {},
): Promise<AnswerOf<P, 'post'>> {
  return send<AnswerOf<P, 'post'>>(path, body, init);
}

/** `POST path?query` through the one axios client: the answer's body. */
async function send<A>(path: string, body: unknown, init: CallInit<unknown>): Promise<A> {
  const { query, ...config } = init;
  const response = await request.post<A>(path, body, { ...config, params: query });
  return response.data;
}
