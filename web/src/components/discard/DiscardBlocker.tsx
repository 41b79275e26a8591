import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { navigationLosesWork } from './registry';
import { useDiscardQuestion } from './useDiscardGuard';

/**
 * A navigation that would close an editor with unsaved changes (back or forward, a link to another
 * document of the same list) asks first. Other pages and tabs keep this page alive, so going there
 * loses nothing and is not asked about. Rendered by each URL-bound editor while it is open: the router
 * keeps one blocker (the latest), and every one asks the same registry.
 */
export function DiscardBlocker() {
  const ask = useDiscardQuestion();
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    navigationLosesWork(currentLocation, nextLocation),
  );
  const latest = useRef({ ask, blocker });
  useEffect(() => {
    latest.current = { ask, blocker };
  });
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (!blocked) return;
    const { ask: question, blocker: current } = latest.current;
    question(
      () => current.proceed?.(),
      () => current.reset?.(),
    );
  }, [blocked]);
  return null;
}
