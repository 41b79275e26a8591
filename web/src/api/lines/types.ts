import type { BladeLine } from '@psi/db/model';
import type { ApiPath, RouteOf } from '../call';

/**
 * What a Blade line answers where the two lines differ: its sign-in, its service paths, how it lists
 * trees and dictionaries, and the routes it does not have. Routes both lines share stay in the api
 * modules; every route that differs is here, once per line (`bladex.ts`, `springblade.ts`). The sign-in
 * routes are keys of the document (`contract/openapi.json` holds both lines' routes).
 */
export interface LineRoutes {
  line: BladeLine;
  auth: {
    captcha: RouteOf<'get'>;
    token: RouteOf<'post'>;
    logout: { method: 'get' | 'post'; url: ApiPath };
    /** The signed-in user's profile with role and tenant names. */
    userInfo: RouteOf<'get'>;
    /**
     * `oauth`: an unwrapped snake_case token body, failures as `error_description`;
     * `envelope`: `R<AuthInfo>` in camelCase, failures in the Blade envelope.
     */
    answer: 'oauth' | 'envelope';
    /** Names of the token route's parameters. */
    params: { grant: string; account: string; refreshToken: string };
    /** The sign-in password as md5 hex (BladeX) or SM2-encrypted with the backend's public key (cipher mode 0). */
    password: 'md5' | 'sm2';
  };
  /** Passwords outside the sign-in (user add, own password, guest sign-up): md5 hex, or as typed. */
  passwords: 'md5' | 'plain';
  /** Service prefixes this line has under another path (`/blade-user/` is `/blade-system/user/` there). */
  renamed: Readonly<Record<string, string>>;
  /** A lazy tree declaration is listed level by level (`{api}/lazy-list`); without, `{api}/list` answers the forest. */
  lazyLists: boolean;
  /** Dictionaries: `parent-list` and `child-list?parentId=` (split), or one `list` forest (tree). */
  dictLists: 'split' | 'tree';
  /** Routes this line lacks: a path ending in `/` stands for every route under it. Nothing calls them. */
  absent: readonly string[];
}
