import { useEffect, useState, type ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { site } from '../config/site';
import { useSession } from '../stores/session';

/** Signed-in pages: without a token the session is cleared and the user goes to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  useEffect(() => {
    // Leftovers of an ended session (menus, user info) must not outlive the token.
    if (!token) useSession.getState().federatedLogout();
  }, [token]);
  if (!token) return <Navigate to={site.loginPath} replace />;
  return children;
}

/**
 * The login page: a user who arrives signed in is sent home. A token stored by the login form itself does
 * not redirect: the form first loads the menus, then goes home on its own.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const [signedInOnArrival] = useState(() => Boolean(useSession.getState().token));
  if (signedInOnArrival) return <Navigate to="/" replace />;
  return children;
}
