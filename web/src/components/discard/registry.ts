/**
 * The open editors, dialogs and drawers that guard unsaved changes. Free of React: the hook registers
 * each one, the router's blocker and the page's `beforeunload` ask the registry.
 */
export interface DiscardGuard {
  /** Whether the user changed something that was not saved. */
  isDirty: () => boolean;
  /** Closes the editor, throwing its changes away. */
  discard: () => void;
  /** The path of the page it was opened on. */
  path: string;
  /** It shows while the page's URL says so (`?edit=`): a change of that URL closes it. */
  urlBound: boolean;
}

const guards = new Set<DiscardGuard>();

export function registerGuard(guard: DiscardGuard): () => void {
  guards.add(guard);
  return () => {
    guards.delete(guard);
  };
}

/** The guards holding unsaved changes (of one page, when given), most recently opened last. */
export function dirtyGuards(path?: string): DiscardGuard[] {
  return [...guards].filter((guard) => (path === undefined || guard.path === path) && guard.isDirty());
}

/**
 * Whether a navigation would close an editor with unsaved changes: the page stays (another page or tab
 * keeps this one alive, work included) but its URL changes under an editor shown by that URL.
 */
export function navigationLosesWork(
  current: { pathname: string; search: string },
  next: { pathname: string; search: string },
): boolean {
  if (current.pathname !== next.pathname || current.search === next.search) return false;
  return dirtyGuards(current.pathname).some((guard) => guard.urlBound);
}
