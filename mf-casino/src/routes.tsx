import type { RouteObject } from 'react-router';
import { NoData, Page } from '@khela/web';
import { Games } from './screens/Games';
import { GameRun } from './screens/GameRun';
import { BettingRecord } from './screens/BettingRecord';

/** Every path of this remote and the screen that renders it; shell/src/routes.ts maps these paths to this remote. */
export const routes: RouteObject[] = [
  { path: '/games', element: <Games /> },
  { path: '/gamerun', element: <GameRun /> },
  { path: '/betting-record', element: <BettingRecord /> },
  {
    path: '*',
    element: (
      <Page data-testid="mf-casino-root">
        <NoData />
      </Page>
    ),
  },
];
