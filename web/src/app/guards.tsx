import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useMatches } from 'react-router-dom';
import { useLock } from '../stores/lock';
import { useSession } from '../stores/session';
import { guardRedirect, mergedHandle } from './guard';

/**
 * Applies the route guard to every route: the lock screen, then login. A missing token on a route that
 * needs one also clears what is left of the session (menus, user, tabs), as the spec's forced logout.
 */
export function RouteGuard({ children }: { children: ReactNode }) {
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const token = useSession((state) => state.token);
  const locked = useLock((state) => state.isLock);
  const handle = mergedHandle(matches.map((match) => match.handle));
  const target = guardRedirect({ path: pathname, search, signedIn: Boolean(token), locked, handle });
  const forcedLogout = !token && handle.isAuth !== false;

  useEffect(() => {
    if (forcedLogout && useSession.getState().userInfo) useSession.getState().federatedLogout();
  }, [forcedLogout]);

  if (target) return <Navigate to={target} replace />;
  return children;
}

/**
 * The login page: a user who arrives signed in is sent home. A token stored by the login form itself does
 * not redirect: the form first loads the menus, then goes on by itself.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const [signedInOnArrival] = useState(() => Boolean(useSession.getState().token));
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return children;
}
