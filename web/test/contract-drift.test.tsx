import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http } from 'msw';
import { readServedSite, site } from '../src/config/site';
import ContractDriftPage from '../src/pages/tool/contract-drift';
import { i18n } from '../src/i18n';
import { envelope, resetStores, signIn } from './helpers';
import { server } from './msw-server';
import { renderPage } from './render';

const mutableSite = site as { proxyMode: boolean };
const docWith = (content: string) => {
  const doc = document.implementation.createHTMLDocument('x');
  const meta = doc.createElement('meta');
  meta.setAttribute('name', 'psi-site');
  meta.setAttribute('content', content);
  doc.head.append(meta);
  return doc;
};

describe('contract drift page', () => {
  afterEach(async () => {
    mutableSite.proxyMode = false;
    await i18n.changeLanguage('zh');
  });

  it('reads the proxy mode the serving server announces', () => {
    expect(readServedSite(docWith('{"switchMode":false,"proxyMode":true}'))).toEqual({
      switchMode: false,
      proxyMode: true,
    });
    expect(readServedSite(docWith('{"proxyMode":"yes"}'))).toEqual({});
  });

  it('in proxy mode lists the drift rows of the report, in zh and en', async () => {
    resetStores();
    signIn();
    mutableSite.proxyMode = true;
    server.use(
      http.get('/api/contract/drift', () =>
        envelope({
          document: '/srv/contract/openapi.json',
          routes: 12,
          rows: [
            {
              route: 'GET /blade-system/param/list',
              path: '$.data.records[*].paramName',
              expected: 'required',
              seen: 'missing',
              count: 3,
              firstSeen: '2026-01-01 10:00:00',
              lastSeen: '2026-01-01 10:05:00',
            },
          ],
        }),
      ),
    );
    const view = renderPage(<ContractDriftPage />);
    const table = await screen.findByTestId('drift-table');
    expect(await within(table).findByText('$.data.records[*].paramName')).toBeTruthy();
    expect(within(table).getByText('GET /blade-system/param/list')).toBeTruthy();
    expect(within(table).getAllByText('JSON 路径').length).toBeGreaterThan(0);
    expect(screen.getByTestId('drift-document').textContent).toContain('已文档化接口 12 个');
    view.unmount();
    await i18n.changeLanguage('en');
    renderPage(<ContractDriftPage />);
    expect((await screen.findAllByText('First seen')).length).toBeGreaterThan(0);
    expect(await screen.findByText('$.data.records[*].paramName')).toBeTruthy();
  });

  it('outside proxy mode says so and asks nothing', async () => {
    resetStores();
    signIn();
    let asked = false;
    server.use(
      http.get('/api/contract/drift', () => {
        asked = true;
        return envelope({ document: '', routes: 0, rows: [] });
      }),
    );
    renderPage(<ContractDriftPage />);
    expect((await screen.findByTestId('drift-local')).textContent).toContain('仅在代理模式');
    expect(asked).toBe(false);
  });
});
