import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { site } from '../config/site';
import { useSession } from '../stores/session';

/** Signed-in pages: without a token the session is cleared and the user goes to the login page. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  const location = useLocation();
  useEffect(() => {
    // Leftovers of an ended session (menus, user info) must not outlive the token.
    if (!token) useSession.getState().federatedLogout();
  }, [token]);
  if (!token) return <Navigate to={site.loginPath} replace state={{ from: location.pathname }} />;
  return children;
}

/** The login page: a signed-in user is sent home. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const token = useSession((state) => state.token);
  if (token) return <Navigate to="/" replace />;
  return children;
}
