// Area 'players' of the console (see src/areas.ts): the players table and a player's page; the pending provider
// transfers (the payments area's screen, for support and risk too, who read it).
import { Route, Routes } from 'react-router';
import { Screen } from '../../ui/layout';
import { PendingTransfers } from '../payments/PendingTransfers';
import { PlayerPage } from './PlayerPage';
import { PlayersTable } from './PlayersTable';

export default function Area() {
  return (
    <Routes>
      <Route index element={<PlayersTable />} />
      <Route
        path="pending-transfers"
        element={
          <Screen>
            <PendingTransfers />
          </Screen>
        }
      />
      <Route path=":id" element={<PlayerPage />} />
    </Routes>
  );
}
