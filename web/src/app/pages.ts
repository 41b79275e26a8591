import type { QueryClient } from '@tanstack/react-query';
import { featureOn } from '../api/lines';
import { idle } from '../utils/idle';
import { lazyPage, type LazyPage } from './lazy-page';

/** Every routed page, each its own chunk. */
export const LoginPage = lazyPage(() => import('../pages/login'));
export const LockPage = lazyPage(() => import('../pages/lock'));
export const WelcomePage = lazyPage(() => import('../pages/wel'));
export const DashboardPage = lazyPage(() => import('../pages/wel/dashboard'));
/** The PSI figures of the signed-in role, shown inside the home tab (its own chunk). */
export const PsiHomePanel = lazyPage(() => import('../pages/psi/home'));
export const InfoPage = lazyPage(() => import('../pages/info'));
export const DictHorizontalPage = lazyPage(() => import('../pages/dict/horizontal'));
export const DictVerticalPage = lazyPage(() => import('../pages/dict/vertical'));
export const TestPage = lazyPage(() => import('../pages/test'));
export const IframePage = lazyPage(() => import('../pages/iframe'));
export const CodePage = lazyPage(() => import('../pages/code'));
export const LeaveFormPage = lazyPage(() => import('../pages/work/process/leave/form'));
export const LeaveHandlePage = lazyPage(() => import('../pages/work/process/leave/handle'));
export const LeaveDetailPage = lazyPage(() => import('../pages/work/process/leave/detail'));
export const ForbiddenPage = lazyPage(() => import('../pages/error/ForbiddenPage'));
export const NotFoundPage = lazyPage(() => import('../pages/error/NotFoundPage'));
export const ServerErrorPage = lazyPage(() => import('../pages/error/ServerErrorPage'));
export const BasicLayout = lazyPage(() => import('./layout/BasicLayout'));
/** antd's providers around every route but the login page (see `antd-shell.tsx`). */
export const AntdShell = lazyPage(() => import('./antd-shell'));
/** A menu without a page of its own: the generic resource page of its declaration. */
export const MenuResourcePage = lazyPage(() => import('../pages/menu-resource'));

/**
 * The page registry: menu paths (as the menu links to them, with `/index`) that have a page of their own.
 * Any other menu path shows the generic resource page of the declaration whose `key` (or `permission`)
 * is the menu's `code` (see `pages/menu-resource`).
 */
export const menuPages: Record<string, LazyPage<object>> = {
  '/system/dict/index': lazyPage(() => import('../pages/system/dict')),
  '/system/dictbiz/index': lazyPage(() => import('../pages/system/dictbiz')),
  '/psi/purchaseorderyypt/index': lazyPage(() => import('../pages/psi/purchaseorderyypt')),
  '/psi/order_s/index': lazyPage(() => import('../pages/psi/order_s')),
  '/psi/order_yy/index': lazyPage(() => import('../pages/psi/order_yy')),
  '/psi/purchaseorderdepository/index': lazyPage(() => import('../pages/psi/purchaseorderdepository')),
  '/psi/deliveryorder/index': lazyPage(() => import('../pages/psi/deliveryorder')),
  '/psi/purchaseorder/index': lazyPage(() => import('../pages/psi/purchaseorder')),
  '/psi/depositorycheck/index': lazyPage(() => import('../pages/psi/depositorycheck')),
  '/psi/depositorystock/index': lazyPage(() => import('../pages/psi/depositorystock')),
  '/psi/accountstatement/index': lazyPage(() => import('../pages/psi/ledger/account')),
  '/psi/depositorylog/index': lazyPage(() => import('../pages/psi/ledger/log')),
  '/psi/goodsinfo/index': lazyPage(() => import('../pages/psi/master/goods')),
  '/psi/schoolinfo/index': lazyPage(() => import('../pages/psi/master/schools')),
  '/psi/schoolyyptinfo/index': lazyPage(() => import('../pages/psi/master/roster')),
  '/system/user/index': lazyPage(() => import('../pages/system/user')),
  '/authority/role/index': lazyPage(() => import('../pages/system/role')),
  '/system/tenant/index': lazyPage(() => import('../pages/system/tenant')),
  '/system/topmenu/index': lazyPage(() => import('../pages/system/topmenu')),
  '/desk/notice/index': lazyPage(() => import('../pages/desk/notice')),
  '/resource/oss/index': lazyPage(() => import('../pages/resource/oss')),
  '/resource/sms/index': lazyPage(() => import('../pages/resource/sms')),
  '/resource/attach/index': lazyPage(() => import('../pages/resource/attach')),
  '/monitor/log/usual/index': lazyPage(() => import('../pages/monitor/log/usual')),
  '/monitor/log/api/index': lazyPage(() => import('../pages/monitor/log/api')),
  '/monitor/log/error/index': lazyPage(() => import('../pages/monitor/log/error')),
  '/tool/code/index': lazyPage(() => import('../pages/tool/code')),
  '/tool/contract-drift/index': lazyPage(() => import('../pages/tool/contract-drift')),
  '/tool/fault/index': lazyPage(() => import('../pages/tool/fault')),
  '/base/region/index': lazyPage(() => import('../pages/base/region')),
  '/system/menu/index': lazyPage(() => import('../pages/system/menu')),
  '/authority/datascope/index': lazyPage(() => import('../pages/authority/datascope')),
  '/authority/apiscope/index': lazyPage(() => import('../pages/authority/apiscope')),
  '/flow/model/index': lazyPage(() => import('../pages/flow/model')),
  '/flow/deploy/index': lazyPage(() => import('../pages/flow/deploy')),
  '/flow/follow/index': lazyPage(() => import('../pages/flow/follow')),
  '/work/start/index': lazyPage(() => import('../pages/work/start')),
  '/work/claim/index': lazyPage(() => import('../pages/work/claim')),
  '/work/todo/index': lazyPage(() => import('../pages/work/todo')),
  '/work/send/index': lazyPage(() => import('../pages/work/send')),
  '/work/done/index': lazyPage(() => import('../pages/work/done')),
  '/report/reportlist/index': lazyPage(() => import('../pages/report/reportlist')),
};

const loadHomeFigures = () => import('../api/psi/home');
let preloading: Promise<unknown> | undefined;

/**
 * Downloads the first signed-in screen: antd's providers, the layout, the home and, where the backend serves the PSI, its
 * figures panel (which starts the charts' library) and the figures' query. The login page asks for it
 * once it has settled; it starts when the browser is next idle, and it is only the first screen's
 * chunks, so that it is over long before a user has typed a password: the sign-in request must not
 * queue behind chunk downloads on the browser's six connections.
 */
export function preloadSignedInPages(): Promise<unknown> {
  preloading ??= idle()
    .then(() =>
      Promise.all([
        // the home figures' query (small): the sign-in asks for it as soon as the token is stored
        loadHomeFigures(),
        AntdShell.preload(),
        BasicLayout.preload(),
        WelcomePage.preload(),
        featureOn('psi') && PsiHomePanel.preload(),
      ]),
    )
    .catch(() => {
      // a failed download is tried again by the next call (or by the route itself)
      preloading = undefined;
    });
  return preloading;
}

/**
 * What the home asks the server for beside the menus, asked for as soon as the token is stored (the
 * same request the home makes, cached under its key), so that it does not wait for the menus and the
 * home's code first.
 */
export function prefetchSignedInData(client: QueryClient): void {
  if (!featureOn('psi')) return;
  // not part of the login page's code: a small chunk of its own, preloaded by then
  loadHomeFigures()
    .then(({ homeFiguresQuery }) => client.prefetchQuery(homeFiguresQuery()))
    .catch(() => undefined);
}
