/**
 * Wire shapes of the Blade API (docs: /work/shared/design/CONTRACT.md), from the zod schemas the
 * server's routes and the OpenAPI document use (`db/src/model/wire.ts`).
 */
import type { z } from 'zod';
import type {
  captchaSchema,
  EnvelopeWire,
  MenuNodeWire,
  PageWire,
  permissionMapSchema,
  tokenBodySchema,
  tokenFailureSchema,
  topMenuSchema,
  TreeNodeWire,
} from '@psi/db/model';

/** Every response except the token endpoint's. */
export type Envelope<T> = EnvelopeWire<T>;

/** `GET /blade-auth/oauth/captcha`; `image` is a data URL. */
export type Captcha = z.infer<typeof captchaSchema>;

/** The unwrapped success body of `POST /blade-auth/oauth/token`. */
export type TokenBody = z.infer<typeof tokenBodySchema>;

/** The unwrapped failure body of the token endpoint (HTTP 400). */
export type TokenFailure = z.infer<typeof tokenFailureSchema>;

/** A node of `GET /blade-system/menu/routes`. Leaves omit `children`. */
export type MenuNode = MenuNodeWire;

/** A node of `GET /blade-system/menu/top-menu`: a group of side menus chosen in the header. */
export type TopMenu = z.infer<typeof topMenuSchema>;

/** A node of the tree endpoints (`menu/tree`, `dept/tree`, `dict/tree`...). */
export type TreeNode = TreeNodeWire;

/** A page of a `list` endpoint. */
export type Page<T> = PageWire<T>;

/** A node of `GET /blade-system/menu/buttons`: parent menus with their granted buttons as leaves. */
export type ButtonNode = MenuNode;

/** Flat map of granted button codes, e.g. `{ goodsinfo_add: true }`. */
export type PermissionMap = z.infer<typeof permissionMapSchema>;

/**
 * A record as a declaration-driven screen holds it: the resource engine (`components/resource`) and the
 * PSI document lists serve every declaration from one code path, and which fields a record has is the
 * declaration's `fields`, known at run time, so such a screen reads it by field name. It stays open for
 * that reason only: a call whose operation is known answers the document's own type (`DataOf`,
 * `RecordOf`, `RowOf` in `call.ts`), which fits here.
 */
export type DeclaredRow = { [field: string]: unknown; id?: string; version?: number };
