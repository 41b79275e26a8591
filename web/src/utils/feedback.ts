import type { MessageInstance } from 'antd/es/message/interface';

/**
 * Toasts for code outside React. Every screen but the login page mounts antd's providers, which bind
 * their context-aware message API (theme and locale apply) while they are mounted. Without one (the
 * login page, whose first screen carries no antd), the first toast loads antd's message through the
 * loader the app registers (`setToastLoader`), and the toasts raised meanwhile show once it is there.
 */
export type Toaster = Pick<MessageInstance, 'error' | 'success' | 'warning'>;

type Toast = (to: Toaster) => void;

let bound: Toaster | undefined;
let loaded: Toaster | undefined;
let loader: (() => Promise<Toaster>) | undefined;
let loading: Promise<void> | undefined;
const waiting: Toast[] = [];

/**
 * Where toasts show: below the height of the header bar and of a drawer's title row (56 px), not over
 * them, so a toast never hides the title of what it speaks about.
 */
export const toastPlacement = { top: 64 } as const;

function flush(): void {
  const to = bound ?? loaded;
  if (to) for (const toast of waiting.splice(0)) toast(to);
}

/** Binds a context toaster; the returned function unbinds it (the providers unmounting). */
export function bindToaster(next: Toaster): () => void {
  bound = next;
  flush();
  return () => {
    if (bound === next) bound = undefined;
  };
}

/** How the toaster without a context is loaded: antd's static `message` (a dynamic `import()`). */
export function setToastLoader(load: () => Promise<Toaster>): void {
  loader = load;
}

function load(): void {
  if (loading || !loader) return;
  loading = loader().then(
    (toaster) => {
      loaded = toaster;
      flush();
    },
    () => {
      // a failed download (network away) is tried again by the next toast
      loading = undefined;
    },
  );
}

function show(toast: Toast): void {
  const to = bound ?? loaded;
  if (to) {
    toast(to);
    return;
  }
  waiting.push(toast);
  load();
}

/** Identical errors raised together (parallel calls failing alike) share one toast instead of stacking. */
export function notifyError(text: string): void {
  show((to) => void to.error({ content: text, key: `error:${text}` }));
}

export function notifySuccess(text: string): void {
  show((to) => void to.success(text));
}

export function notifyWarning(text: string): void {
  show((to) => void to.warning(text));
}
