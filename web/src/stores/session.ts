import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { logoutRequest, loginByUsername, type LoginForm } from '../api/auth';
import { fetchButtons, fetchRoutes, flattenButtons } from '../api/menu';
import { bindSession } from '../api/session-bridge';
import type { MenuNode, PermissionMap, TokenBody } from '../api/types';
import { site, storageKey } from '../config/site';
import { removeCookie, setCookie } from '../utils/cookie';
import { navigateTo } from '../utils/navigation';

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

export function userInfoFrom(body: TokenBody): UserInfo {
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
  menus: MenuNode[];
  permission: PermissionMap;
  /** Menus were fetched in this page load (persisted menus may be stale after a role change). */
  menusLoaded: boolean;
}

interface SessionActions {
  /** Stores a token body from login or refresh, and mirrors the tokens into cookies. */
  applyToken: (body: TokenBody) => void;
  setMenus: (menus: MenuNode[], permission: PermissionMap) => void;
  login: (form: LoginForm) => Promise<void>;
  /** Fetches the menu routes and button permissions of the signed-in user. */
  loadMenus: () => Promise<void>;
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
  menus: [],
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

/** Login and the layout may both ask for menus at once; they share one pair of requests. */
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

      setMenus: (menus, permission) => set({ menus, permission, menusLoaded: true }),

      login: async (form) => {
        const body = await loginByUsername(form);
        get().applyToken(body);
        // The home page can render without menus; the layout retries when this fails.
        await get()
          .loadMenus()
          .catch(() => undefined);
      },

      loadMenus: () => {
        menusInFlight ??= Promise.all([fetchRoutes(), fetchButtons()])
          .then(([menus, buttons]) => {
            // A logout while the menus were loading wins.
            if (get().token) get().setMenus(menus, flattenButtons(buttons));
          })
          .finally(() => {
            menusInFlight = null;
          });
        return menusInFlight;
      },

      logout: async () => {
        // Signing out must work even when the server cannot be reached.
        await logoutRequest().catch(() => undefined);
        get().federatedLogout();
      },

      federatedLogout: () => {
        clearTokenCookies();
        set({ ...emptySession, tenantId: get().tenantId });
      },
    }),
    {
      name: storageKey('session'),
      version: 1,
      storage: createJSONStorage(() => localStorage),
      partialize: ({ token, refreshToken, tokenSavedAt, tenantId, userInfo, menus, permission }) => ({
        token,
        refreshToken,
        tokenSavedAt,
        tenantId,
        userInfo,
        menus,
        permission,
      }),
    },
  ),
);

bindSession({
  accessToken: () => useSession.getState().token,
  onUnauthorized: () => {
    useSession.getState().federatedLogout();
    navigateTo(site.loginPath);
  },
});
