/**
 * Sword's workplace and header (`/blade-desk/dashboard/*`), in the shapes Sword renders, filled from
 * our tables: the tenant's latest notices as the activity feed and the project cards, and the caller's
 * own bell (待办, 消息, 通知) as the header's notices.
 */
import { signedFileLink } from '../../core/file-links';
import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { prepare } from '../../core/data';
import { ok } from '../../core/envelope';
import { answers, noQuery } from '../../core/route-schemas';
import { actorOf } from '../../core/crud';
import { DEFAULT_AVATAR } from '../../core/sign-in';
import { PUBLIC_DIALECT_TAG } from '../../core/dialect';
import type { Lang } from '@psi/db/model';
import { inboxOf } from './inbox';
import { readerOf } from './reader';

const LATEST = 10;
const tags = [PUBLIC_DIALECT_TAG];

const link = z.object({ name: z.string(), link: z.string() });
const activitySchema = z.object({
  id: z.string(),
  updatedAt: z.string(),
  user: z.object({ name: z.string(), avatar: z.string() }),
  group: link,
  project: link,
  template: z.string().describe('`@{group}` and `@{project}` stand for those links'),
});
const projectSchema = z.object({
  id: z.string(),
  logo: z.string(),
  title: z.string(),
  description: z.string(),
  member: z.string(),
  href: z.string(),
  updatedAt: z.string(),
});
const headerNoticeSchema = z.object({
  id: z.string(),
  avatar: z.string(),
  title: z.string(),
  description: z.string(),
  datetime: z.string(),
  type: z.enum(['notification', 'message', 'event']),
  read: z.boolean(),
});

interface NoticeRow {
  id: bigint;
  title: string;
  content: string | null;
  time: string | null;
  category: string | null;
  author: string | null;
  avatar: string | null;
}

/** Plain text of a rich-text notice, shortened for a card. */
const plain = (html: string | null, max = 120) => {
  const text = (html ?? '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

export default async function dashboardModule(app: FastifyInstance) {
  const secret = app.ctx.options.jwtSecret;
  const latestNotices = (tenantId: string) =>
    prepare<NoticeRow, [string, number]>(
      app.ctx.sqlite,
      `SELECT n.id, n.title, n.content, COALESCE(n.release_time, n.create_time) AS time,
         d.dict_value AS category, COALESCE(NULLIF(u.real_name, ''), u.name, u.account) AS author, u.avatar
       FROM blade_notice n
       LEFT JOIN blade_user u ON u.id = n.create_user
       LEFT JOIN blade_dict d ON d.code = 'notice' AND d.parent_id != 0 AND d.is_deleted = 0
         AND d.dict_key = CAST(n.category AS TEXT)
       WHERE n.tenant_id = ? AND n.is_deleted = 0
       ORDER BY time DESC, n.id DESC LIMIT ?`,
    ).all(tenantId, LATEST);

  /** A dashboard card list: the latest notices of the caller's tenant, each drawn by `card`. */
  const noticeCards = <S extends z.ZodType>(
    url: string,
    item: S,
    card: (n: NoticeRow, lang: Lang) => z.input<S>,
  ) =>
    app.get(
      url,
      {
        config: { access: 'user' },
        schema: { tags, querystring: noQuery, response: answers.list(item) },
      },
      async (req) =>
        ok(
          latestNotices(actorOf(req).tenantId).map((n) => card(n, req.lang)),
          req.lang,
        ),
    );

  noticeCards('/blade-desk/dashboard/activities', activitySchema, (n, lang) => ({
    id: String(n.id),
    updatedAt: n.time ?? '',
    user: { name: n.author ?? '', avatar: signedFileLink(secret, n.avatar || DEFAULT_AVATAR) },
    group: { name: n.category ?? '', link: '/desk/notice' },
    project: { name: n.title, link: `/desk/notice/view/${String(n.id)}` },
    template: lang === 'en' ? 'published @{project} in @{group}' : '在 @{group} 发布 @{project}',
  }));

  noticeCards('/blade-desk/dashboard/notices', projectSchema, (n) => ({
    id: String(n.id),
    logo: signedFileLink(secret, n.avatar || DEFAULT_AVATAR),
    title: n.title,
    description: plain(n.content),
    member: n.author ?? '',
    href: `/desk/notice/view/${String(n.id)}`,
    updatedAt: n.time ?? '',
  }));

  app.get(
    '/blade-desk/dashboard/my-notices',
    {
      config: { access: 'user' },
      schema: { tags, querystring: noQuery, response: answers.list(headerNoticeSchema) },
    },
    async (req) => {
      const me = actorOf(req);
      const inbox = inboxOf(app.ctx.sqlite, readerOf(app.ctx.sqlite, me), req.lang, {
        current: 1,
        size: LATEST,
      });
      const kinds = [
        ['notice', 'notification'],
        ['message', 'message'],
        ['todo', 'event'],
      ] as const;
      return ok(
        kinds.flatMap(([tab, type]) =>
          inbox[tab].records.map((item) => ({
            id: `${tab}:${item.id}`,
            avatar: DEFAULT_AVATAR,
            title: item.title,
            description: item.description,
            datetime: item.time,
            type,
            read: item.read,
          })),
        ),
        req.lang,
      );
    },
  );
}
