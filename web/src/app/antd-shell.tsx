import { Outlet } from 'react-router-dom';
import { AntdProviders } from '../components/AntdProviders';

/**
 * The route around every screen but the login page: antd's providers (theme, locale, toasts), loaded
 * with the first of those screens rather than with the login page's first screen.
 */
export default function AntdShell() {
  return (
    <AntdProviders>
      <Outlet />
    </AntdProviders>
  );
}
