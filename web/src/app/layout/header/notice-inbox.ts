import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { currentLanguage } from '../../../i18n';
import { deskKeys, fetchInbox, noticeStreamUrl, type Inbox } from '../../../api/desk';
import { useSession } from '../../../stores/session';

import type { InboxItem, InboxList, InboxTab } from '@psi/db/model';

export type { InboxItem, InboxList, InboxTab };
export { fetchInbox, type Inbox };

/** Polling when no stream can be held (a buffering proxy, an upstream without one). */
const POLL_MS = 30_000;
const READY_TIMEOUT_MS = 10_000;
const MAX_BACKOFF_MS = 30_000;

/** One server-sent event as the stream writes it (`id:`, `event:`, `data:` lines, a blank line). */
export interface StreamEvent {
  id: string | null;
  event: string;
  data: string;
}

/** Splits a text chunk stream into events; comments (heartbeats) are dropped. */
export function createEventParser(onEvent: (e: StreamEvent) => void) {
  let buffer = '';
  return (chunk: string) => {
    buffer += chunk.replace(/\r\n?/g, '\n');
    let cut: number;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const e: StreamEvent = { id: null, event: 'message', data: '' };
      let fields = 0;
      for (const line of block.split('\n')) {
        if (line.startsWith(':') || !line) continue;
        const at = line.indexOf(':');
        const field = at < 0 ? line : line.slice(0, at);
        const value = at < 0 ? '' : line.slice(at + 1).replace(/^ /, '');
        fields++;
        if (field === 'id') e.id = value;
        else if (field === 'event') e.event = value;
        else if (field === 'data') e.data = e.data ? `${e.data}\n${value}` : value;
      }
      if (fields) onEvent(e);
    }
  };
}

export interface StreamPayload {
  tabs: InboxTab[];
  messages: InboxItem[];
}

/**
 * Holds one live stream for this tab while signed in (fetch streaming, so the token travels in the
 * Blade-Auth header, never in a URL). Each change refetches the inbox through react-query; a broken
 * stream reconnects with backoff and resumes from its last event id; a stream that never becomes
 * ready (a buffering proxy) or is refused leaves the bell polling; `setLive` tells which.
 */
function useInboxStream(
  enabled: boolean,
  onMessages: (items: InboxItem[]) => void,
  setLive: (live: boolean) => void,
): void {
  const token = useSession((s) => s.token);
  const queryClient = useQueryClient();
  const notify = useRef(onMessages);
  useEffect(() => {
    notify.current = onMessages;
  }, [onMessages]);

  useEffect(() => {
    if (!enabled || !token) return;
    let stopped = false;
    let controller: AbortController | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastId: string | null = null;
    let failures = 0;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: deskKeys.inbox() });

    const connect = async () => {
      controller = new AbortController();
      const ctrl = controller;
      let ready = false;
      const readyTimer = setTimeout(() => !ready && ctrl.abort(), READY_TIMEOUT_MS);
      try {
        const res = await fetch(noticeStreamUrl(), {
          headers: {
            'Blade-Auth': `bearer ${token}`,
            Accept: 'text/event-stream',
            'Accept-Language': currentLanguage(),
            ...(lastId ? { 'Last-Event-ID': lastId } : {}),
          },
          credentials: 'same-origin',
          cache: 'no-store',
          signal: ctrl.signal,
        });
        const type = res.headers.get('content-type') ?? '';
        // refused (signed out, an upstream without streams): polling only
        if (!res.ok || !type.startsWith('text/event-stream') || !res.body) {
          failures = Math.max(failures, 3);
          return;
        }
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        const parse = createEventParser((e) => {
          if (e.id) lastId = e.id;
          if (e.event === 'ready') {
            ready = true;
            failures = 0;
            setLive(true);
            refresh();
          } else if (e.event === 'inbox') {
            refresh();
            try {
              const payload = JSON.parse(e.data) as StreamPayload;
              if (payload.messages?.length) notify.current(payload.messages);
            } catch {
              // a malformed event still refreshed the lists
            }
          }
        });
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          parse(value);
        }
      } catch {
        // network error or abort: reconnect below unless stopped
      } finally {
        clearTimeout(readyTimer);
      }
      if (!ready) failures++;
    };

    const loop = async () => {
      while (!stopped) {
        await connect();
        setLive(false);
        if (stopped) break;
        // after three streams that never became ready, retry rarely: the query's polling takes over
        const delay =
          failures >= 3
            ? POLL_MS * 2
            : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** failures) * (0.5 + Math.random() / 2);
        await new Promise<void>((resolve) => {
          timer = setTimeout(resolve, delay);
        });
      }
    };
    void loop();
    return () => {
      stopped = true;
      controller?.abort();
      if (timer) clearTimeout(timer);
      setLive(false);
    };
  }, [enabled, token, queryClient, setLive]);
}

/** The inbox, kept fresh by the stream (or by polling while there is none). */
export function useInbox(onMessages: (items: InboxItem[]) => void) {
  const token = useSession((s) => s.token);
  const [live, setLive] = useState(false);
  const query = useQuery({
    queryKey: deskKeys.inbox(),
    queryFn: fetchInbox,
    enabled: !!token,
    staleTime: 5_000,
    refetchInterval: live ? false : POLL_MS,
  });
  useInboxStream(query.data?.mode === 'full', onMessages, setLive);
  return { ...query, live };
}
