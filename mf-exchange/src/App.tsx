import { Routes, Route, Navigate } from 'react-router';
import './i18n';
import './state';
import { ExchangeFrame } from './components/ExchangeFrame';
import { ExchangeHome } from './screens/ExchangeHome';
import { InPlay } from './screens/InPlay';
import { Sports } from './screens/Sports';
import { MultiMarkets } from './screens/MultiMarkets';
import { OddsView } from './screens/OddsView';
import { ExchangeAccount } from './screens/ExchangeAccount';

export function App() {
  return (
    <ExchangeFrame>
      <Routes>
        <Route path="/exchange" element={<ExchangeHome />} />
        <Route path="/exchange-inplay" element={<InPlay />} />
        <Route path="/exchange-sports" element={<Sports />} />
        <Route path="/exchange-multi" element={<MultiMarkets />} />
        <Route path="/exchange-account" element={<ExchangeAccount />} />
        <Route path="/odds-view" element={<OddsView />} />
        <Route path="*" element={<Navigate to="/exchange" replace />} />
      </Routes>
    </ExchangeFrame>
  );
}
