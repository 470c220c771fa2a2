// What mf-exchange's Node container exposes (`./ssr`; the `ssr` option of rspack.config.mjs, built into dist/server;
// issue 31 stage 2, shell/README.md "Server rendering"): the remote's root component, rendered by the shell's render
// server in RemoteRoot (from the server's @khela/web) as the browser's parcel does, and the data of its first screen.
// Not in the browser build.
import type { ApiClient, HostProps } from '@khela/web';
import { marketKey } from './screens/OddsView';
import { exchangeCalls } from './trading/store';

export { App } from './App';

/**
 * The first screen's public reads of the page at `url` (path and query) into the page's query cache: on /odds-view
 * the market (its runners, prices and status, the API's visitor book; `/api/exchange/markets/{id}`, no token on the
 * server). The event detail (BookMaker, Fancy) comes from the odds host, whose address is given to a logged-in
 * player only: read in the browser, as the player's own figures are. Rejects when the read fails: the render server
 * then leaves the area to the browser.
 */
export async function prefetch(queryClient: HostProps['queryClient'], url: string, api: ApiClient): Promise<void> {
  const u = new URL(url, 'http://server.invalid');
  if (u.pathname !== '/odds-view') return;
  const marketId = u.searchParams.get('marketId') ?? '';
  if (!marketId || !u.searchParams.get('eventId')) return;
  const calls = exchangeCalls(api);
  await queryClient.fetchQuery({
    queryKey: marketKey(marketId),
    queryFn: ({ signal }) => calls.market(marketId, signal),
    meta: { public: true },
  });
}
