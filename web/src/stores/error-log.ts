import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import { storageKey } from '../config/site';
import type { LogEntry } from '../api/logs';

/** Entries kept at most; the oldest go first (the badge shows 99+ long before). */
const maxEntries = 200;

interface ErrorLogState {
  logs: LogEntry[];
  add: (entry: LogEntry) => void;
  clear: () => void;
}

export const useErrorLog = create<ErrorLogState>()(
  persist(
    (set, get) => ({
      logs: [],
      add: (entry) => set({ logs: [entry, ...get().logs].slice(0, maxEntries) }),
      clear: () => set({ logs: [] }),
    }),
    {
      name: storageKey('logs'),
      storage: createJSONStorage(() => localStorage),
      partialize: ({ logs }) => ({ logs }),
    },
  ),
);

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** `yyyy-MM-dd HH:mm:ss` in local time, the product's timestamp format. */
export function timestamp(date: Date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

/** Records an error with the current page and time. */
export function recordError(error: unknown, info = '', type = 'error'): void {
  const value = error instanceof Error ? error : new Error(typeof error === 'string' ? error : String(error));
  useErrorLog.getState().add({
    type,
    message: value.message || value.name,
    stack: value.stack ?? '',
    info,
    url: typeof window === 'undefined' ? '' : window.location.href,
    time: timestamp(),
  });
}
