/*
 * @khela/web: the browser runtime every app shares (a Module Federation singleton, one copy per page).
 *
 * Layout:
 *   host/        HostProps (the shell-to-app contract), useHost(), the remote lifecycles (defineRemote),
 *                the router bridge, and createPageRuntime (the page's API client, bus and session)
 *   session/     the player session service, its facts (player$, balance$, marketBlock$, locale$),
 *                the push relay that feeds it, and the React hooks that read it through useHost()
 *   bus.ts       the page bus and its per-app handles (events declared in @khela/contracts)
 *   api/         the API client (zod endpoint declarations of @khela/contracts) and the default API base
 *   standalone/  a remote's standalone QA host (the same runtime, with a QA log-in)
 *   data/        server state: the page's TanStack Query client (handed to apps in HostProps) and useServerQuery
 *   challenge/   the proof-of-work check the API may ask for on unusual volume (solver in Web Workers, useChallenge)
 *   i18n/, ui/, format.ts   translations, UI kit (kit, forms, display, async, layout, blocks; tokens in ui/theme.ts), global styles
 *                and fonts, money and date formatting
 *
 * Not exported: the local-storage wrapper (the session service is the one writer of the spec-4 keys)
 * and the session/bus constructors (only createPageRuntime builds them). Apps get everything else of
 * the page through useHost().
 */
export { BusPermissionError, busEvents, type EventBus, type BusEventName, type BusPayload, type BusMessage } from './bus';
export * from './format';
export * from './api/client';
export { defaultApiBase } from './api/base';
export * from './i18n';
export * from './i18n/protection';
export * from './ui/theme';
export * from './ui/kit';
export * from './ui/forms';
export * from './ui/display';
export * from './ui/async';
export { focusAfterPaint } from './ui/focus';
export * from './ui/layout';
export * from './ui/blocks';
export { useChallenge, type ChallengedSend } from './challenge/useChallenge';
export { ChallengeStatus } from './challenge/ChallengeStatus';
export { solveChallenge } from './challenge/solver';
export * from './ui/safe-html';
export { globalStyles } from './ui/global-styles';
export { cspNonce, styleCache } from './csp';
export type { HostProps, HostLocation, NavigateOptions } from './host/host';
export { HostProvider, useHost } from './host/context';
export { defineRemote, recordReactCopy, RemoteRoot, remoteStyleKey } from './host/lifecycles';
export { createPageRuntime, type PageRuntime, type PageRuntimeOptions } from './host/page-runtime';
export { MobileGuessProvider, useIsMobile, watchScreen } from './host/use-is-mobile';
export { useHydrated } from './host/use-hydrated';
export type { Fact } from './session/fact';
export type {
  Player,
  WalletBalance,
  LoginResult,
  CapturedCodeKind,
  HomePopup,
  PlayerSession,
  PlayerSessionService,
} from './session/player-session';
export { useFact, usePlayer, useLoggedIn, useBalance, useMarketBlock, useProtection, useLocale } from './session/hooks';
export { ProviderWalletsButton, useProviderWallets, type ProviderWalletsProps } from './wallets/ProviderWallets';
export { runStandalone } from './standalone/qa-host';
export {
  useServerQuery,
  useServerData,
  useServerMutation,
  usePageQueryClient,
  endpointKey,
  endpointQuery,
  type QueryCall,
  type ServerQueryOptions,
  type UseQueryResult,
} from './data/query';
export { createQueryClient, invalidateTopic, isFinalError, type QueryTopic, type QueryMeta } from './data/query-client';
