import { createElement, lazy, type ComponentType } from 'react';
import { site } from '../config/site';
import { doneProgress, startProgress } from '../utils/progress';

/** Rejects a page download that takes longer than the spec's chunk load timeout (120 s). */
function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Loading the page took longer than ${ms} ms`)), ms);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

export type LazyPage<P extends object> = ComponentType<P> & {
  /** Starts the download early; rendering after it finished needs no Suspense fallback. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` for route pages: every page is its own chunk, loaded on first visit. Once loaded (or
 * preloaded) the page renders directly, so it does not wait for React's Suspense reveal delay.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const loadOnce = () => {
    if (loading) return loading;
    // The progress bar runs while a page downloads.
    startProgress();
    loading = withTimeout(load(), site.chunkLoadTimeout)
      .finally(doneProgress)
      .then(
        (module) => {
          loaded = module.default;
          return module;
        },
        (error: unknown) => {
          // A failed download may succeed on the next visit (network back, new deploy).
          loading = undefined;
          throw error;
        },
      );
    return loading;
  };
  const Lazy = lazy(loadOnce);
  const Page = (props: P) => createElement(loaded ?? Lazy, props);
  return Object.assign(Page, { preload: () => loadOnce().then(() => undefined) });
}
