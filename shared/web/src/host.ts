import type { EventBus } from './bus';
import type { ApiClient } from './api/client';
import type { Locale } from './i18n';

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
 * The one contract between the shell and every remote. A remote depends on this type only,
 * never on the shell's internals; the standalone QA host page provides the same props.
 */
export interface HostProps {
  /** Path prefix the remote's routes live under ('' for the site root). */
  basePath: string;
  bus: EventBus;
  api: ApiClient;
  locale: Locale;
  location: HostLocation;
  /** Navigates the whole site (the shell's router), so every part of the page sees it. */
  navigate: (to: string, options?: NavigateOptions) => void;
  /** True below the 768 px mobile threshold. */
  isMobile: boolean;
}
