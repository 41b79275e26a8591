import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import 'nprogress/nprogress.css';
import './styles/global.css';
import './i18n';
import { startTokenRefreshTimer } from './stores/token-refresh';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { trackScreenSize } from './stores/settings';
import { installErrorCapture } from './stores/error-capture';

// Started before the first render so a session restored after a long pause refreshes before any call.
startTokenRefreshTimer();
// Runtime errors go to the local error log (the header's error-log dialog).
installErrorCapture();
trackScreenSize();

const router = createAppRouter();
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
