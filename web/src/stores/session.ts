import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { logoutRequest, loginByUsername, refreshAccessToken, type LoginForm } from '../api/auth';
import { fetchButtons, fetchRoutes, flattenButtons } from '../api/menu';
import { RequestError } from '../api/errors';
import { runExclusiveRefresh } from '../api/refresh-gate';
import { bindSession } from '../api/session-bridge';
import type { MenuNode, PermissionMap, TokenBody } from '../api/types';
import { site, storageKey } from '../config/site';
import { filterByRoles } from '../api/menu-model';
import { removeCookie, setCookie } from '../utils/cookie';
import { navigateTo } from '../utils/navigation';
import { useLock } from './lock';
import { forgetChoice, isRefusedChoice, rememberChoice, rememberedChoice } from './switch-choice';
import { useTabs } from './tabs';
import { noteSessionEnd } from './session-end';
import { pick } from '../utils/pick';

/** The user fields of the token body, kept for the shell (name, avatar, role, tenant). */
export interface UserInfo {
  user_id: string;
  user_name: string;
  account: string;
  nick_name: string;
  real_name: string;
  role_name: string;
  role_id: string;
  dept_id: string;
  tenant_id: string;
  avatar: string;
  oauth_id: string;
}

/** Served from web/public at the site root; the server's token body names the same URL as its default. */
export const defaultAvatar = '/avatar-default.svg';

function userInfoFrom(body: TokenBody): UserInfo {
  return {
    user_id: body.user_id,
    user_name: body.user_name ?? body.account,
    account: body.account,
    nick_name: body.nick_name ?? '',
    real_name: body.real_name ?? '',
    role_name: body.role_name ?? '',
    role_id: body.role_id ?? '',
    dept_id: body.dept_id ?? '',
    tenant_id: body.tenant_id,
    avatar: body.avatar || defaultAvatar,
    oauth_id: body.oauth_id ?? '',
  };
}

/** The user's role aliases (the token's comma-joined `role_name`). */
export function rolesOf(user: UserInfo | null): string[] {
  return (user?.role_name ?? '')
    .split(',')
    .map((role) => role.trim())
    .filter(Boolean);
}

/** The name the shell shows for a user. */
export function displayName(user: UserInfo | null): string {
  if (!user) return '';
  return user.nick_name || user.real_name || user.user_name || user.account;
}

interface SessionData {
  token: string | null;
  refreshToken: string | null;
  /** When the token was stored (ms since epoch); its age decides the refresh. */
  tokenSavedAt: number;
  tenantId: string;
  userInfo: UserInfo | null;
  /** Every menu granted to the user: the routes the app can open. */
  routes: MenuNode[];
  /** The menus the sider shows: all of them, or those of the chosen top menu. */
  menus: MenuNode[];
  /** The chosen top menu ('' for all menus). */
  topMenuId: string;
  permission: PermissionMap;
  /** Menus were fetched in this page load (persisted menus may be stale after a role change). */
  menusLoaded: boolean;
}

interface SessionActions {
  /** Stores a token body from login or refresh, and mirrors the tokens into cookies. */
  applyToken: (body: TokenBody) => void;
  setMenus: (menus: MenuNode[], permission: PermissionMap) => void;
  /**
   * Signs in and loads the menus. `onToken` runs once the token is stored, just after the menus were
   * asked for: the caller starts there what the first signed-in screen needs beside them.
   */
  login: (form: LoginForm, onToken?: () => void) => Promise<void>;
  /** Starts a session from a token body obtained elsewhere (third-party sign-in). */
  startSession: (body: TokenBody, onToken?: () => void) => Promise<void>;
  /** Fetches the menu routes and button permissions of the signed-in user. */
  loadMenus: () => Promise<void>;
  /** Shows the menus of one top menu in the sider ('' for all of them). */
  selectTopMenu: (topMenuId: string) => Promise<void>;
  /** Changes fields of the stored user (after the personal info page saved them). */
  updateUserInfo: (changes: Partial<UserInfo>) => void;
  /** Switch mode: a new token for another department and role, then the menus of that role. */
  switchDeptRole: (deptId: string, roleId: string) => Promise<void>;
  /** Revokes the session on the server, then clears it here. */
  logout: () => Promise<void>;
  /** Clears the session without a server call (401, refused refresh, single sign-out). */
  federatedLogout: () => void;
}

export type SessionState = SessionData & SessionActions;

const emptySession: SessionData = {
  token: null,
  refreshToken: null,
  tokenSavedAt: 0,
  tenantId: site.tenantId,
  userInfo: null,
  routes: [],
  menus: [],
  topMenuId: '',
  permission: {},
  menusLoaded: false,
};

/** The refresh token outlives the access token; its cookie lasts as long as the server's refresh validity. */
const refreshCookieMaxAge = 604_800;

function writeTokenCookies(body: TokenBody): void {
  setCookie(site.cookies.accessToken, body.access_token, { maxAge: body.expires_in || undefined });
  setCookie(site.cookies.refreshToken, body.refresh_token, { maxAge: refreshCookieMaxAge });
}

function clearTokenCookies(): void {
  removeCookie(site.cookies.accessToken);
  removeCookie(site.cookies.refreshToken);
}

/** Login and the layout may both ask for menus at once; they share one set of requests. */
let menusInFlight: Promise<void> | null = null;

export const useSession = create<SessionState>()(
  persist(
    (set, get) => ({
      ...emptySession,

      applyToken: (body) => {
        writeTokenCookies(body);
        set({
          token: body.access_token,
          refreshToken: body.refresh_token,
          tokenSavedAt: Date.now(),
          tenantId: body.tenant_id || get().tenantId,
          userInfo: userInfoFrom(body),
        });
      },

      setMenus: (forest, permission) => {
        const menus = filterByRoles(forest, rolesOf(get().userInfo));
        set({ routes: menus, menus, permission, topMenuId: '', menusLoaded: true });
      },

      login: async (form, onToken) => {
        // Switch mode: the department and role this account last switched to go with the sign-in.
        const choice = site.switchMode ? rememberedChoice(form.tenantId, form.username) : null;
        let body: TokenBody;
        try {
          body = await loginByUsername(choice ? { ...form, ...choice } : form);
        } catch (error) {
          // A choice the user no longer holds is dropped: the next attempt signs in without it.
          if (choice && (await isRefusedChoice(error))) forgetChoice(form.tenantId, form.username);
          throw error;
        }
        await get().startSession(body, onToken);
      },

      startSession: async (body, onToken) => {
        // A new session starts on the home tab, unlocked (spec section 4).
        useTabs.getState().reset();
        useLock.getState().clear();
        set({ ...emptySession, tenantId: get().tenantId });
        get().applyToken(body);
        // The home page can render without menus; the layout retries when this fails.
        const menus = get().loadMenus();
        onToken?.();
        await menus.catch(() => undefined);
      },

      loadMenus: () => {
        const topMenuId = get().topMenuId;
        // The public menu route answers an expired token as anonymous (null) while the buttons call,
        // which needs the token, renews it: an anonymous answer is asked for once more after that.
        const again = async (routes: MenuNode[] | null, id?: string) =>
          routes ?? (await fetchRoutes(id)) ?? [];
        menusInFlight ??= Promise.all([
          fetchButtons(),
          fetchRoutes(),
          topMenuId ? fetchRoutes(topMenuId) : null,
        ])
          .then(async ([buttons, routes, topMenus]) => {
            const [all, ofTopMenu] = await Promise.all([
              again(routes),
              topMenuId ? again(topMenus, topMenuId) : null,
            ]);
            // A logout while the menus were loading wins.
            if (!get().token) return;
            get().setMenus(all, flattenButtons(buttons));
            if (ofTopMenu) set({ menus: filterByRoles(ofTopMenu, rolesOf(get().userInfo)), topMenuId });
          })
          .finally(() => {
            menusInFlight = null;
          });
        return menusInFlight;
      },

      selectTopMenu: async (topMenuId) => {
        if (!topMenuId) {
          set({ menus: get().routes, topMenuId: '' });
          return;
        }
        const menus = filterByRoles((await fetchRoutes(topMenuId)) ?? [], rolesOf(get().userInfo));
        if (get().token) set({ menus, topMenuId });
      },

      updateUserInfo: (changes) => {
        const user = get().userInfo;
        if (user) set({ userInfo: { ...user, ...changes } });
      },

      switchDeptRole: async (deptId, roleId) => {
        const { refreshToken: token, tenantId } = get();
        if (!token) return;
        const body = await refreshAccessToken({ refreshToken: token, tenantId, deptId, roleId });
        get().applyToken(body);
        if (site.switchMode) rememberChoice(body.tenant_id || tenantId, body.account, { deptId, roleId });
        await get().loadMenus();
      },

      logout: async () => {
        // Signing out must work even when the server cannot be reached.
        await logoutRequest().catch(() => undefined);
        get().federatedLogout();
      },

      federatedLogout: () => {
        clearTokenCookies();
        useTabs.getState().reset();
        useLock.getState().clear();
        set({ ...emptySession, tenantId: get().tenantId });
      },
    }),
    {
      name: storageKey('session'),
      version: 2,
      storage: createJSONStorage(() => localStorage),
      partialize: (state) =>
        pick(state, [
          'token',
          'refreshToken',
          'tokenSavedAt',
          'tenantId',
          'userInfo',
          'routes',
          'menus',
          'topMenuId',
          'permission',
        ]),
      // Version 1 stored only `menus` (every menu): they are the routes too.
      migrate: (persisted, version) => {
        const state = (persisted ?? {}) as Partial<SessionData>;
        if (version < 2) return { ...state, routes: state.menus ?? [], topMenuId: '' };
        return state;
      },
    },
  ),
);

/**
 * Exchanges the refresh token for a new pair. Concurrent callers share one request. A refusal by the
 * server ends the session; a network failure keeps it so that the next check can try again. `quiet`:
 * a refusal is not toasted (a call answered 401 renews this way and ends the session silently).
 */
export function refreshToken(options: { quiet?: boolean } = {}): Promise<TokenBody> {
  return runExclusiveRefresh(async () => {
    const { refreshToken: token, tenantId, userInfo } = useSession.getState();
    if (!token) throw new RequestError('no refresh token', 401, { notified: false });
    try {
      const body = await refreshAccessToken({
        refreshToken: token,
        tenantId,
        deptId: userInfo?.dept_id,
        roleId: userInfo?.role_id,
        quiet: options.quiet,
      });
      useSession.getState().applyToken(body);
      return body;
    } catch (error) {
      if (error instanceof RequestError && error.code !== 0 && useSession.getState().token) {
        useSession.getState().federatedLogout();
        navigateTo(site.loginPath);
      }
      throw error;
    }
  });
}

bindSession({
  accessToken: () => useSession.getState().token,
  onUnauthorized: (reason) => {
    noteSessionEnd(reason);
    useSession.getState().federatedLogout();
    navigateTo(site.loginPath);
  },
  renew: () => refreshToken({ quiet: true }),
});
