/**
 * Menus for the public SpringBlade clients. Each menu keeps its antd icon (`source`, as our client
 * renders it); the public clients get the icon names they render instead, chosen per dialect:
 * Saber draws menus from its iconfont (`iconfont iconicon_…`) and buttons as antd names, Sword (antd 3)
 * takes the kebab-case type of the same antd icon (`CloudUploadOutlined` → `cloud-upload`).
 * Also Sword's `GET /blade-system/menu/auth-routes`.
 */
import type { FastifyInstance } from 'fastify';
import { ok } from '../../core/envelope';
import { authRoutesAnswer, authRoutesOn } from '../../core/line';
import { answers, noQuery } from '../../core/route-schemas';
import type { Dialect } from '../../core/dialect';
import { PUBLIC_DIALECT_TAG } from '../../core/dialect';
import { allMenus, grantedForViewer, withAncestors } from './menu-service';

/** Saber's iconfont class for an antd icon, as its seed menus use them. */
const SABER_ICONS: Record<string, string> = {
  DesktopOutlined: 'iconfont iconicon_airplay',
  NotificationOutlined: 'iconfont iconicon_sms',
  SettingOutlined: 'iconfont iconicon_setting',
  UserOutlined: 'iconfont iconicon_principal',
  ApartmentOutlined: 'iconfont iconicon_group',
  TagsOutlined: 'iconfont iconicon_addresslist',
  TagOutlined: 'iconfont iconicon_addresslist',
  MenuOutlined: 'iconfont iconicon_subordinate',
  TeamOutlined: 'iconfont iconicon_boss',
  SafetyCertificateOutlined: 'iconfont icon-quanxian',
  ControlOutlined: 'iconfont iconicon_community_line',
  LayoutOutlined: 'iconfont icon-canshu',
  FundProjectionScreenOutlined: 'iconfont icon-yanzhengma',
  FileMarkdownOutlined: 'iconfont iconicon_study',
  ProfileOutlined: 'iconfont iconicon_doc',
  ToolOutlined: 'iconfont icon-wxbgongju',
  CodeOutlined: 'iconfont iconicon_savememo',
  MessageOutlined: 'iconfont iconicon_message',
};
/** Saber's own default menu icon, for antd icons its iconfont has no counterpart of. */
const SABER_DEFAULT = 'iconfont icon-caidan';

/** `CloudUploadOutlined` → `cloud-upload`: the antd 3 type of an antd 4+ icon component name. */
const antd3Type = (name: string) =>
  name
    .replace(/(Outlined|Filled|TwoTone)$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** An antd icon component name, as our menus keep them (`SettingOutlined`). */
const ANTD_ICON = /^[A-Z][A-Za-z0-9]*(Outlined|Filled|TwoTone)$/;

/**
 * The icon name a client of the dialect renders for a menu (category 1) or button (category 2). A
 * source that is not an antd name (one a public client saved, `iconfont iconicon_setting`) is its
 * own client's already and passes unchanged.
 */
function iconFor(dialect: Dialect, source: string, category: number): string {
  if (dialect === 'bladex' || !ANTD_ICON.test(source)) return source;
  if (dialect === 'sword' || category !== 1) return antd3Type(source);
  return SABER_ICONS[source] ?? SABER_DEFAULT;
}

interface IconRow {
  source?: unknown;
  category?: unknown;
  children?: IconRow[];
}

/**
 * Menu rows or a forest with each node's `source` as the dialect's client renders it (a copy; BladeX
 * unchanged). Every answer that carries menu icons goes through it: routes, buttons, the menu lists,
 * detail and the top menus.
 */
export function withDialectIcons<T extends object>(dialect: Dialect, nodes: T[]): T[] {
  if (dialect === 'bladex') return nodes;
  return nodes.map((n) => {
    const node: IconRow = n;
    return {
      ...n,
      source: iconFor(dialect, String(node.source ?? ''), Number(node.category ?? 1)),
      ...(node.children ? { children: withDialectIcons(dialect, node.children) } : {}),
    };
  });
}

export default async function publicMenuModule(app: FastifyInstance) {
  const line = app.ctx.options.line ?? 'bladex';
  /**
   * Sword's route guard: for each menu path the caller may open, the caller's role aliases. Public as
   * in Blade; an anonymous caller gets `{}` on BladeX (Sword then leaves its routes unguarded and asks
   * again after sign-in) and an empty answer on the public line, whose controller returns `null`.
   */
  app.get(
    '/blade-system/menu/auth-routes',
    {
      config: { access: 'public' },
      schema: {
        tags: [PUBLIC_DIALECT_TAG],
        querystring: noQuery,
        response: answers.of(authRoutesAnswer[line]),
      },
    },
    async (req, reply) => {
      const user = req.user;
      if (!user) return line === 'springblade' ? reply.send() : ok({}, req.lang);
      const menus = allMenus(app.ctx.sqlite);
      const visible = withAncestors(menus, grantedForViewer(app.ctx.sqlite, user, menus));
      const routes = new Map<string, string[]>();
      for (const m of menus)
        if (m.category === 1 && visible.has(m.id) && m.path.startsWith('/'))
          routes.set(m.path, [...user.roleAliases]);
      return ok(authRoutesOn(line, [...routes]), req.lang);
    },
  );
}
