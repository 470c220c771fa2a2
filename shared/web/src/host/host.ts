import type { QueryClient } from '@tanstack/react-query';
import type { EventBus } from '../bus';
import type { ApiClient } from '../api/client';
import type { PlayerSession } from '../session/player-session';

/** Where a remote is in the site: the shell's current location, mirrored into the remote's router. */
export interface HostLocation {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/**
 * The one contract between the shell and every app, handed over like a chrome API: a remote reads
 * it with `useHost()` and depends on nothing else of the shell. The standalone QA host of a remote
 * provides the same props (with its own session service).
 */
export interface HostProps {
  /** Path prefix the remote's routes live under ('' for the site root). */
  basePath: string;
  location: HostLocation;
  /** Navigates the whole site (the shell's router), so every part of the page sees it. */
  navigate: (to: string, options?: NavigateOptions) => void;
  /** True below the 768 px mobile threshold. */
  isMobile: boolean;
  /** The page's API client (bearer token, 401 ends the session). */
  api: ApiClient;
  /** This app's handle on the page bus: hears every event, publishes only those declared for any app. */
  bus: EventBus;
  /** The player session owned by the shell: player, balance, market block, locale, and requests. */
  session: PlayerSession;
  /**
   * The page's one server-state cache (TanStack Query), created with the session and invalidated by its push topics;
   * read through `useServerQuery` (data/query.ts), never a client of the app's own.
   */
  queryClient: QueryClient;
}
