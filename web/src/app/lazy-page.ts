import { lazy, type ComponentType } from 'react';
import { site } from '../config/site';

/** Rejects a page download that takes longer than the spec's chunk load timeout (120 s). */
function withTimeout<T>(loading: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Loading the page took longer than ${ms} ms`)), ms);
  });
  return Promise.race([loading, timeout]).finally(() => clearTimeout(timer));
}

/** `React.lazy` for route pages: every page is its own chunk, loaded on first visit. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => withTimeout(load(), site.chunkLoadTimeout));
}
