// What mf-casino's Node container exposes (`./ssr`; the `ssr` option of rspack.config.mjs, built into dist/server;
// issue 31, shell/README.md "Server rendering"): the remote's root component, rendered by the shell's render server in
// RemoteRoot (from the server's @khela/web) as the browser's parcel does, and the data of its first screen. Not in the
// browser build.
import * as schemas from '@khela/contracts';
import { endpointQuery, type ApiClient, type HostProps } from '@khela/web';

export { App } from './App';

/**
 * The first screen's reads of the page at `url` (path and query) into the page's query cache, under the keys the
 * screens read (useServerQuery): on /games the category's systems, their providers and its games (Games.tsx). Rejects
 * when a read fails: the render server then leaves the area to the browser.
 */
export async function prefetch(queryClient: HostProps['queryClient'], url: string, api: ApiClient): Promise<void> {
  const u = new URL(url, 'http://server.invalid');
  if (u.pathname !== '/games') return;
  const type = (u.searchParams.get('type') ?? 'SLOT').toUpperCase();
  const options = { public: true };
  const systems = queryClient.fetchQuery(endpointQuery(api, schemas.getSystems, { query: { type } }, options));
  const games = queryClient.fetchQuery(endpointQuery(api, schemas.getGames, { query: { type } }, options));
  const providers = systems.then(({ systems: list }) => {
    const platforms = list.map((x) => x.platform);
    return platforms.length > 0
      ? queryClient.fetchQuery(endpointQuery(api, schemas.getProviders, { query: { system: JSON.stringify(platforms) } }, options))
      : undefined;
  });
  // every read awaited together: one failing (or all cancelled, when the render server clears a request's cache past
  // its budget) must leave no other's failure unhandled, which would stop the render server's process
  await Promise.all([games, providers]);
}
