import { Routes, Route } from 'react-router';
import { Page, NoData } from '@khela/shared';
import './i18n';

export function App() {
  return (
    <Routes>
      <Route path="*" element={<Page data-testid="mf-casino-root"><NoData /></Page>} />
    </Routes>
  );
}
