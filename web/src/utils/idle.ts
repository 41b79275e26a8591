/** The browser's next idle moment (at the latest in 2 s; a short timer where it has no idle callbacks). */
export const idle = (): Promise<unknown> =>
  new Promise((resolve) =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(resolve, { timeout: 2000 })
      : setTimeout(resolve, 50),
  );
