import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Routes, Route, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@khela/shared';
import '../src/i18n';

export const current = { path: '', search: '' };
function Spy() {
  const l = useLocation();
  current.path = l.pathname;
  current.search = l.search;
  return null;
}

/** Renders one screen at `path` (with optional navigation state) inside a router and the page's i18n. */
export function renderScreen(ui: ReactElement, path = '/', state?: unknown) {
  void i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[{ pathname: path.split('?')[0], search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }]}>
        <Spy />
        <Routes>
          <Route path={path.split('?')[0]} element={ui} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
