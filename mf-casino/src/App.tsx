import { Routes, Route } from 'react-router';
import { NoData, Page } from '@khela/web';
import { Games } from './screens/Games';
import { GameRun } from './screens/GameRun';
import { BettingRecord } from './screens/BettingRecord';
import './i18n';

/** The casino remote: the games list (/games), the game frame (/gamerun) and betting records. */
export function App() {
  return (
    <Routes>
      <Route path="/games" element={<Games />} />
      <Route path="/gamerun" element={<GameRun />} />
      <Route path="/betting-record" element={<BettingRecord />} />
      <Route path="*" element={<Page data-testid="mf-casino-root"><NoData /></Page>} />
    </Routes>
  );
}
