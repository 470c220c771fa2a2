// Area 'markets' (risk): exchange markets with the liability per runner; a market's book, bets and history; suspend,
// resume, settle, void and re-settle with a reason (the API runs the engine's own settlement and audits each).
import { Route, Routes } from 'react-router';
import { MarketPage } from './MarketPage';
import { MarketsList } from './MarketsList';

export default function Markets() {
  return (
    <Routes>
      <Route index element={<MarketsList />} />
      <Route path=":marketId" element={<MarketPage />} />
    </Routes>
  );
}
