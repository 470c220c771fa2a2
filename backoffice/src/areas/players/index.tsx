// Area 'players' of the console (see src/areas.ts): the players table and a player's page.
import { Route, Routes } from 'react-router';
import { PlayerPage } from './PlayerPage';
import { PlayersTable } from './PlayersTable';

export default function Area() {
  return (
    <Routes>
      <Route index element={<PlayersTable />} />
      <Route path=":id" element={<PlayerPage />} />
    </Routes>
  );
}
