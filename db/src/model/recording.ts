/**
 * The files of a recorded tenant (`pnpm contract record`, replayed with `SEED=recorded:<dir>`): one
 * pretty-printed JSON array per kind, sorted by id, and `manifest.json`. Shared by the recorder (the
 * contract package) and the seed, so both agree on the names.
 */
import type { BladeLine } from './line';

/** Each kind and its file; the order is the order the recorder reads them in. */
export const RECORDED_KINDS = {
  tenant: 'tenant.json',
  menus: 'menus.json',
  dataScopes: 'data-scopes.json',
  apiScopes: 'api-scopes.json',
  roles: 'roles.json',
  depts: 'depts.json',
  posts: 'posts.json',
  dicts: 'dicts.json',
  dictBiz: 'dict-biz.json',
  params: 'params.json',
  topMenus: 'top-menus.json',
  regions: 'regions.json',
  clients: 'clients.json',
  users: 'users.json',
} as const;
export type RecordedKind = keyof typeof RECORDED_KINDS;

/** What a recorded client carries instead of its secret: the secret is never read into a recording. */
export const SECRET_PLACEHOLDER = '<not recorded: replaced by <clientId>_secret at seed time>';

/** A role's grants as `menu/role-tree-keys` answers them, kept on the role under this field. */
export const ROLE_GRANTS_FIELD = 'grants';
/** The menus a top menu shows (`menu/top-tree-keys`), kept on the top menu under this field. */
export const TOP_MENU_MENUS_FIELD = 'menus';

export interface RecordingManifest {
  /** the gateway the recording was read from */
  source: string;
  line: BladeLine;
  tenant: string;
  /** the account that read it */
  account: string;
  recordedAt: string;
  /** the password every recorded user gets at seed time (never the source's own) */
  userPassword: string;
  counts: Partial<Record<RecordedKind, number>>;
  /** kinds the source did not give, and why (a route the line lacks, a refusal) */
  notRecorded: Partial<Record<RecordedKind, string>>;
}

/** Rows of one kind as the source answered them (trees flattened, no `children`). */
export type RecordedRow = Record<string, unknown>;
