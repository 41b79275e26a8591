/** Wire shapes of the Blade API (docs: /work/shared/design/CONTRACT.md). */

/** Every response except the token endpoint's. */
export interface Envelope<T> {
  code: number;
  success: boolean;
  data: T;
  msg: string;
}

/** `GET /blade-auth/oauth/captcha`; `image` is a data URL. */
export interface Captcha {
  key: string;
  image: string;
}

/** The unwrapped success body of `POST /blade-auth/oauth/token`. */
export interface TokenBody {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  scope?: string;
  tenant_id: string;
  user_id: string;
  dept_id?: string;
  post_id?: string;
  role_id?: string;
  oauth_id?: string;
  account: string;
  user_name?: string;
  nick_name?: string;
  real_name?: string;
  role_name?: string;
  avatar?: string;
  jti?: string;
  license?: string;
  detail?: Record<string, unknown>;
}

/** The unwrapped failure body of the token endpoint (HTTP 400). */
export interface TokenFailure {
  error_code: number;
  error_description: string;
}

/** A node of `GET /blade-system/menu/routes`. Leaves omit `children`. */
export interface MenuNode {
  id: string;
  parentId: string;
  code: string;
  name: string;
  /** English name, when the server sends one (our fixtures carry it). */
  nameEn?: string;
  alias?: string;
  path: string;
  /** Icon: an antd icon name, or a Saber iconfont class on a real Blade backend. */
  source?: string;
  sort?: number;
  /** 1 menu, 2 button. */
  category?: number;
  /** 0 none, 1 toolbar, 2 row, 3 both. */
  action?: number;
  /** 1 opens in place, 2 opens a new window. */
  isOpen?: number;
  /** `i18n`: the key of the menu's translation (BladeX sends the code). */
  meta?: { i18n?: string; roles?: string[] };
  hasChildren?: boolean;
  children?: MenuNode[];
}

/** A node of `GET /blade-system/menu/top-menu`: a group of side menus chosen in the header. */
export interface TopMenu {
  id: string;
  code: string;
  name: string;
  source?: string;
  path?: string;
  sort?: number;
}

/** A node of the tree endpoints (`menu/tree`, `dept/tree`, `dict/tree`...). */
export interface TreeNode {
  id: string;
  parentId: string;
  title: string;
  key: string;
  value: string;
  hasChildren?: boolean;
  children?: TreeNode[];
}

/** A page of a `list` endpoint. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
}

/** A node of `GET /blade-system/menu/buttons`: parent menus with their granted buttons as leaves. */
export type ButtonNode = MenuNode;

/** Flat map of granted button codes, e.g. `{ goodsinfo_add: true }`. */
export type PermissionMap = Record<string, boolean>;
