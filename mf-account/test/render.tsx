import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Routes, Route, useLocation } from 'react-router';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '@khela/shared';
import '../src/i18n';

export let currentPath = '';
function Spy() {
  currentPath = useLocation().pathname;
  return null;
}

/** Renders one screen at `path` inside a router and the page's i18n instance. */
export function renderScreen(ui: ReactElement, path = '/') {
  void i18n.changeLanguage('en');
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[path]}>
        <Spy />
        <Routes>
          <Route path={path.split('?')[0]} element={ui} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </I18nextProvider>,
  );
}
