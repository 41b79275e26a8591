import type { InboxList, InboxTab } from '@psi/db/model';
import { RequestError } from './errors';
import { featureOn } from './lines';
import { site } from '../config/site';
import { apiGet, apiPost, type ApiPath, type RecordOf } from './call';
import { resourceKeys } from './resource';

/** Calls of the desk service (`/blade-desk`): the notice inbox of the header bell, and their keys. */
export const deskKeys = {
  inbox: () => ['notice-inbox'] as const,
  noticeDetail: (id: string) => resourceKeys.detail('notice', id),
};

/**
 * `full`: the server's inbox with live updates; `basic`: an upstream without it (proxy mode), where
 * the bell shows the tenant notices it lists and nothing it cannot know.
 */
export type Inbox = Record<InboxTab, InboxList> & { mode: 'full' | 'basic' };

const INBOX_SIZE = 20;

const emptyList = (): InboxList => ({ total: 0, unread: 0, records: [] });

type UpstreamNotice = RecordOf<'/blade-desk/notice/list'>;

async function basicInbox(): Promise<Inbox> {
  const page = await apiGet('/blade-desk/notice/list', {
    query: { current: 1, size: INBOX_SIZE },
    meta: { quiet: true },
  }).catch(() => ({ total: 0, records: [] as UpstreamNotice[] }));
  return {
    mode: 'basic',
    todo: emptyList(),
    message: emptyList(),
    notice: {
      total: page.total ?? 0,
      // read marks are unknown upstream: nothing is counted as unread
      unread: 0,
      records: (page.records ?? []).map((n) => ({
        id: String(n.id),
        kind: 'notice',
        title: n.title,
        description: n.categoryName ?? '',
        docNo: n.title,
        route: `/desk/notice/index?id=${n.id}`,
        time: n.releaseTime ?? n.createTime ?? '',
        read: true,
      })),
    },
  };
}

/** The bell's inbox: ours with live updates where the backend has it, else the tenant's notices. */
export async function fetchInbox(): Promise<Inbox> {
  if (!featureOn('inbox')) return basicInbox();
  try {
    const data: Partial<Record<InboxTab, InboxList>> = await apiGet('/blade-desk/notice/inbox', {
      query: { current: 1, size: INBOX_SIZE },
      meta: { quiet: true },
    });
    const { todo, message, notice } = data ?? {};
    if (!todo || !message || !notice) return await basicInbox();
    return { todo, message, notice, mode: 'full' };
  } catch (err) {
    if (err instanceof RequestError && err.code === 401) throw err;
    return basicInbox();
  }
}

/** Marks inbox items read: the given ones, or every one of the tab (`ids` null). */
export async function markInboxRead(tab: 'message' | 'notice', ids: string[] | null): Promise<void> {
  if (ids) await apiPost('/blade-desk/notice/inbox/read', { tab, ids });
  else await apiPost('/blade-desk/notice/inbox/read-all', { tab });
}

const NOTICE_STREAM: ApiPath = '/blade-desk/notice/stream';

/** The URL of the inbox's event stream, read with `fetch` (axios reads no stream). */
export const noticeStreamUrl = () => `${site.apiBase}${NOTICE_STREAM}`;
