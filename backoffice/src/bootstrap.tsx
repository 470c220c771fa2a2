import ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { CacheProvider, Global } from '@emotion/react';
import { I18nextProvider } from 'react-i18next';
import { defaultApiBase, globalStyles, i18n, KitDensity, styleCache } from '@khela/web';
import { App } from './App';
import { createStaffSession } from './staff/session';
import { StaffProvider } from './staff/context';
import { captureEnrolLink } from './staff/enrol-link';
import { createStaffQueryClient } from './ui/query-client';

/** The API's address: remotes.json of this server (replaced per environment), else the page's host on port 4000. */
async function apiBase(): Promise<string> {
  try {
    const res = await fetch('/remotes.json', { cache: 'no-store' });
    const cfg = (await res.json()) as { api?: string };
    if (cfg.api) return cfg.api.split('{hostname}').join(location.hostname);
  } catch {}
  return defaultApiBase();
}

async function start() {
  captureEnrolLink();
  const session = createStaffSession(await apiBase());
  await session.restore();
  ReactDOMClient.createRoot(document.getElementById('root')!).render(
    <CacheProvider value={styleCache('bo')}>
      <Global styles={globalStyles} />
      <I18nextProvider i18n={i18n}>
        <StaffProvider session={session} queryClient={createStaffQueryClient()}>
          <BrowserRouter>
            {/* the kit's controls at the console's dense size (34 px) */}
            <KitDensity value="dense">
              <App />
            </KitDensity>
          </BrowserRouter>
        </StaffProvider>
      </I18nextProvider>
    </CacheProvider>,
  );
}

void start();
