import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Routes, Route, parsePath, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../src/i18n';

/**
 * Where the remote's router is now (a screen that navigates inside the remote moves it; any path
 * other than the rendered one shows the `elsewhere` test id).
 */
export const current = { path: '', search: '' };
function Spy() {
  const l = useLocation();
  current.path = l.pathname;
  current.search = l.search;
  return null;
}

/**
 * Renders one screen at `path` (with optional navigation state) inside a router and the page's i18n
 * instance in English. The remote registers its own translations first (its test/render.tsx).
 */
export function renderScreen(ui: ReactElement, path = '/', state?: unknown) {
  void i18n.changeLanguage('en');
  const at = parsePath(path);
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[{ ...at, state }]}>
        <Spy />
        <Routes>
          <Route path={at.pathname} element={ui} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
