import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  Chip,
  ErrorText,
  Input,
  LoadFailed,
  Modal,
  NoData,
  Page,
  ScrollRow,
  Spinner,
  theme,
  truncate,
  useHost,
  useLoggedIn,
  useMarketBlock,
  useServerQuery,
} from '@khela/web';
import type { CatalogGame, CatalogProvider } from '@khela/contracts';
import { CATEGORY_CODES, en, type CategoryCode } from '../i18n';
import { useLaunchGame, type LaunchableGame } from '../lib/launch';
import { TransferLaunchDialog } from '../lib/TransferLaunch';
import { isTransferWalletPlatform } from '@khela/contracts';

/**
 * Spec 8's words for a failed catalogue read: the server's own message, unless it is just the endpoint's English
 * fallback (then the translated spec text); a network failure in the player's language.
 */
function failureText(err: unknown, fallbackEn: string, translated: string, network: string): string {
  if (err instanceof ApiError && err.network) return network;
  if (err instanceof ApiError && err.message && err.message !== fallbackEn) return err.message;
  return translated;
}

export const SORTS = ['recommend', 'latest', 'favorite', 'az'] as const;
export type SortKey = (typeof SORTS)[number];

/** A chip's provider owns a game when the game's provider (or, lacking one, its system) is that platform. */
export const gameBelongsTo = (g: CatalogGame, platform: string) => (g.provider ?? g.platform) === platform;

export function sortGames(games: CatalogGame[], sort: SortKey, favourites: string[]): CatalogGame[] {
  const indexed = games.map((g, i) => ({ g, i }));
  if (sort === 'az') indexed.sort((a, b) => a.g.name.localeCompare(b.g.name, 'en', { sensitivity: 'base' }) || a.i - b.i);
  if (sort === 'latest') {
    // newest first; the catalogue appends new games, so a later position breaks ties
    indexed.sort((a, b) => (b.g.created_at ?? '').localeCompare(a.g.created_at ?? '') || b.i - a.i);
  }
  if (sort === 'favorite') {
    const rank = (code: string) => {
      const k = favourites.indexOf(code);
      return k === -1 ? Number.MAX_SAFE_INTEGER : k;
    };
    indexed.sort((a, b) => rank(a.g.code) - rank(b.g.code) || a.i - b.i);
  }
  return indexed.map((x) => x.g);
}

/** Tiles loaded at once rather than lazily: about the first screen of a phone (four rows of three), two rows on a desktop. */
const EAGER_TILES = 12;

export function Games() {
  const { t } = useTranslation('casino');
  const { api, navigate, session } = useHost();
  const loggedIn = useLoggedIn();
  const [params, setParams] = useSearchParams();
  const type = (params.get('type') ?? 'SLOT').toUpperCase();
  const system = params.get('system') ?? '';
  const title = params.get('title') ?? '';
  const sort: SortKey = (SORTS as readonly string[]).includes(params.get('sort') ?? '') ? (params.get('sort') as SortKey) : 'recommend';
  const query = params.get('q') ?? '';

  const [favourites, setFavourites] = useState<string[]>([]);
  const [search, setSearch] = useState(query);
  const [sortOpen, setSortOpen] = useState(false);
  const [blockedPopup, setBlockedPopup] = useState(false);
  // spec 6: the session's decision (fetched once per login by the shell)
  const blocked = useMarketBlock().casino;
  const { launch: launchSeamless, pending, error: launchError, clearError, protection, protectionCode, clearProtection } = useLaunchGame();
  // a transfer-wallet provider's game (issue 30) asks how much to move into the provider's wallet first
  const [transferGame, setTransferGame] = useState<LaunchableGame | null>(null);
  const launch = async (g: LaunchableGame) => {
    if (!isTransferWalletPlatform(g.platform)) return launchSeamless(g);
    // the session at the tap, not this render's: a tap replayed while the server's (visitor) markup hydrates renders
    // as a visitor but is the player's, and must still ask how much to move in
    if (!session.player$.value) return launchSeamless(g); // a visitor is sent to /login as for any game
    setTransferGame(g);
  };
  // one birthday rule: a missing birthday is entered on the profile page (locked once set)
  const needsBirthday = protectionCode === 'rg_birthday_missing';
  const categoryName = (CATEGORY_CODES as readonly string[]).includes(type) ? t(`categories.${type as CategoryCode}`) : type;

  useEffect(() => setBlockedPopup(blocked), [blocked, type]);

  // Spec 4: a category loads its systems, then their providers; the games come with the category. Both are the page's
  // server state: a failure says so in place with Retry (the spec logs only decorative failures; docs/decisions.md#the-site).
  const systemsQuery = useServerQuery(schemas.getSystems, { query: { type } }, { public: true, select: (r) => r.systems });
  const platforms = systemsQuery.data?.map((x) => x.platform) ?? [];
  const providersQuery = useServerQuery(
    schemas.getProviders,
    { query: { system: JSON.stringify(platforms) } },
    { public: true, enabled: platforms.length > 0, select: (r) => r.data },
  );
  // the step that failed (systems first, then their providers) says so with Retry
  const catalogueFailure = systemsQuery.error
    ? { query: systemsQuery, en: en.errors.systems, key: 'errors.systems' as const }
    : providersQuery.error && !providersQuery.data
      ? { query: providersQuery, en: en.errors.providers, key: 'errors.providers' as const }
      : null;
  const gamesQuery = useServerQuery(schemas.getGames, { query: { type } }, { public: true, select: (g) => g.games });
  const games = gamesQuery.data ?? null;
  const providers: CatalogProvider[] = providersQuery.data ?? [];

  useEffect(() => {
    if (!loggedIn) {
      setFavourites([]);
      return;
    }
    api
      .call(schemas.getGameFavourites)
      .then((f) => setFavourites(f.codes))
      .catch((err) => console.warn('[casino] favourites failed', err));
  }, [loggedIn, api]);

  // The search box types locally and settles into the URL, so Close from a game returns to the same list.
  // Every change to the URL starts from the params of the latest render (not those of the render that made the
  // callback: the settle timer fires 250 ms after typing, and a chip tapped in between must not be overwritten),
  // and a tap that changes the URL takes a pending search with it, so the two land as one navigation.
  const latestParams = useRef(params);
  latestParams.current = params;
  const settle = useRef<ReturnType<typeof setTimeout> | null>(null);
  const pendingSearch = useRef<string | null>(null);
  useEffect(() => setSearch(query), [query]);

  function updateParams(changes: Record<string, string | null>) {
    if (settle.current) clearTimeout(settle.current);
    settle.current = null;
    const typed = pendingSearch.current;
    pendingSearch.current = null;
    const all = typed === null || 'q' in changes ? changes : { q: typed.trim() || null, ...changes };
    const next = new URLSearchParams(latestParams.current);
    for (const [k, v] of Object.entries(all)) {
      if (v === null || v === '') next.delete(k);
      else next.set(k, v);
    }
    latestParams.current = next;
    setParams(next, { replace: true });
  }

  // a category starts afresh: its list unfiltered, the search box empty, a pending search dropped
  function openCategory(code: CategoryCode) {
    if (settle.current) clearTimeout(settle.current);
    settle.current = null;
    pendingSearch.current = null;
    setSearch('');
    latestParams.current = new URLSearchParams({ type: code });
    setParams(latestParams.current);
  }

  const onSearch = (value: string) => {
    setSearch(value);
    pendingSearch.current = value;
    if (settle.current) clearTimeout(settle.current);
    settle.current = setTimeout(() => updateParams({ q: value.trim() || null }), 250);
  };
  useEffect(() => () => void (settle.current && clearTimeout(settle.current)), []);

  const visible = useMemo(() => {
    if (!games) return [];
    const needle = search.trim().toLowerCase();
    const filtered = games.filter(
      (g) =>
        (!system || gameBelongsTo(g, system)) &&
        (!needle || g.name.toLowerCase().includes(needle) || g.code.toLowerCase().includes(needle)),
    );
    return sortGames(filtered, sort, favourites);
  }, [games, system, search, sort, favourites]);

  async function toggleFavourite(game: CatalogGame) {
    const on = favourites.includes(game.code);
    setFavourites((f) => (on ? f.filter((c) => c !== game.code) : [game.code, ...f]));
    try {
      const res = on
        ? await api.call(schemas.removeGameFavourite, { params: { code: game.code } })
        : await api.call(schemas.addGameFavourite, { body: { gameCode: game.code } });
      setFavourites(res.codes);
    } catch (err) {
      setFavourites((f) => (on ? [game.code, ...f] : f.filter((c) => c !== game.code)));
      console.warn('[casino] favourite toggle failed', err);
    }
  }

  const blockedText = t('common:marketBlocked', { section: categoryName });

  return (
    <Page
      data-testid="games-page"
      css={css`
        padding-top: 8px;
      `}
    >
      <ScrollRow as="nav" bare aria-label={t('categoriesLabel')}>
        {CATEGORY_CODES.map((code) => (
          <Button
            key={code}
            variant={code === type ? 'primary' : 'secondary'}
            aria-current={code === type ? 'page' : undefined}
            onClick={() => openCategory(code)}
            css={css`
              flex: 0 0 auto;
              min-height: 38px;
              padding: 6px 14px;
            `}
          >
            {t(`categories.${code}`)}
          </Button>
        ))}
      </ScrollRow>

      <h1
        css={css`
          font-size: 20px;
          margin: 12px 0 8px;
        `}
      >
        {title || categoryName}
      </h1>

      {blocked ? (
        <>
          <ErrorText tone="warning" testId="casino-blocked">
            {blockedText}
          </ErrorText>
          <Modal
            open={blockedPopup}
            title={t('blockedTitle')}
            onClose={() => setBlockedPopup(false)}
            footer={<Button onClick={() => setBlockedPopup(false)}>{t('common:close')}</Button>}
          >
            <p>{blockedText}</p>
          </Modal>
        </>
      ) : (
        <>
          <ScrollRow bare role="group" aria-label={t('providersLabel')} data-testid="provider-chips">
            <Chip active={!system} onClick={() => updateParams({ system: null, title: null })}>
              {t('all')}
            </Chip>
            {providers.map((p) => (
              <Chip
                key={`${p.system}:${p.platform}`}
                active={system === p.platform}
                onClick={() => updateParams({ system: p.platform, title: p.name })}
              >
                {p.name}
              </Chip>
            ))}
          </ScrollRow>

          <div
            css={css`
              display: flex;
              gap: 8px;
              align-items: center;
              margin: 10px 0;
              position: relative;
            `}
          >
            <Input
              type="search"
              aria-label={t('search')}
              placeholder={t('searchPlaceholder')}
              value={search}
              onChange={(e) => onSearch(e.target.value)}
            />
            <Button
              variant="secondary"
              aria-haspopup="menu"
              aria-expanded={sortOpen}
              aria-label={t('sortBy', { sort: t(`sorts.${sort}`) })}
              onClick={() => setSortOpen((o) => !o)}
              css={css`
                flex: 0 0 auto;
                min-height: 42px;
                padding: 8px 12px;
                white-space: nowrap;
              `}
            >
              ⇅ {t(`sorts.${sort}`)}
            </Button>
            {sortOpen && (
              <div
                role="menu"
                aria-label={t('sort')}
                css={css`
                  position: absolute;
                  right: 0;
                  top: 46px;
                  z-index: 20;
                  background: ${theme.color.surfaceRaised};
                  border: 1px solid ${theme.color.border};
                  border-radius: ${theme.radius.md};
                  min-width: 160px;
                  padding: 4px;
                  box-shadow: 0 8px 24px rgba(0, 0, 0, 0.4);
                `}
              >
                {SORTS.map((s) => (
                  <button
                    key={s}
                    role="menuitemradio"
                    aria-checked={s === sort}
                    onClick={() => {
                      setSortOpen(false);
                      updateParams({ sort: s === 'recommend' ? null : s });
                    }}
                    css={css`
                      display: block;
                      width: 100%;
                      text-align: left;
                      padding: 10px 12px;
                      border: 0;
                      background: ${s === sort ? theme.color.surface : 'transparent'};
                      color: ${s === sort ? theme.color.brand : theme.color.text};
                      font: inherit;
                      border-radius: ${theme.radius.sm};
                      cursor: pointer;
                      min-height: 40px;
                    `}
                  >
                    {t(`sorts.${s}`)}
                  </button>
                ))}
              </div>
            )}
          </div>

          {/* one failure said once: with the games failed too, their Retry asks for both */}
          {catalogueFailure && !(gamesQuery.error && !games) && (
            <LoadFailed
              message={failureText(catalogueFailure.query.error, catalogueFailure.en, t(catalogueFailure.key), t('common:networkError'))}
              error={catalogueFailure.query.error}
              onRetry={catalogueFailure.query.refetch}
              retrying={catalogueFailure.query.isFetching}
              testId="providers-error"
            />
          )}
          {launchError && <ErrorText onClick={clearError}>{launchError}</ErrorText>}

          {gamesQuery.error && !games ? (
            <LoadFailed
              message={failureText(gamesQuery.error, en.errors.games, t('errors.games'), t('common:networkError'))}
              error={gamesQuery.error}
              onRetry={() => {
                void gamesQuery.refetch();
                if (catalogueFailure) void catalogueFailure.query.refetch();
              }}
              retrying={gamesQuery.isFetching}
              testId="games-error"
            />
          ) : games === null ? (
            <Spinner />
          ) : visible.length === 0 ? (
            <NoData />
          ) : (
            <ul aria-label={title || categoryName} data-testid="game-list" css={grid}>
              {visible.map((g, index) => {
                const fav = favourites.includes(g.code);
                // the first rows are on screen at once (the page's largest paint): fetched at once, not lazily
                const aboveFold = index < EAGER_TILES;
                return (
                  <li
                    key={g.code}
                    data-testid="game-card"
                    data-code={g.code}
                    css={css`
                      position: relative;
                      list-style: none;
                    `}
                  >
                    <button
                      onClick={() => void launch(g)}
                      disabled={pending !== null}
                      aria-label={t('play', { name: g.name })}
                      css={css`
                        display: block;
                        width: 100%;
                        padding: 0;
                        border: 0;
                        background: ${theme.color.surface};
                        border-radius: ${theme.radius.md};
                        overflow: hidden;
                        color: ${theme.color.text};
                        cursor: pointer;
                        text-align: left;
                        font: inherit;
                      `}
                    >
                      {g.thumbnail ? (
                        <img
                          src={api.url(g.thumbnail)}
                          alt=""
                          loading={aboveFold ? 'eager' : 'lazy'}
                          fetchPriority={index === 0 ? 'high' : undefined}
                          css={css`
                            display: block;
                            width: 100%;
                            aspect-ratio: 1;
                            object-fit: cover;
                          `}
                        />
                      ) : (
                        <div
                          css={css`
                            aspect-ratio: 1;
                            background: ${theme.color.surfaceRaised};
                          `}
                        />
                      )}
                      <span
                        title={g.name}
                        css={css`
                          display: block;
                          padding: 6px 8px;
                          font-size: 13px;
                          white-space: nowrap;
                          overflow: hidden;
                        `}
                      >
                        {truncate(g.name, 15)}
                      </span>
                      {pending === g.code && (
                        <span
                          css={css`
                            display: block;
                            padding: 0 8px 6px;
                            font-size: 12px;
                          `}
                        >
                          {t('launching')}
                        </span>
                      )}
                    </button>
                    {loggedIn && (
                      <button
                        aria-pressed={fav}
                        aria-label={fav ? t('removeFavourite', { name: g.name }) : t('addFavourite', { name: g.name })}
                        onClick={() => void toggleFavourite(g)}
                        css={css`
                          position: absolute;
                          top: 4px;
                          right: 4px;
                          width: 34px;
                          height: 34px;
                          border-radius: 50%;
                          border: 0;
                          cursor: pointer;
                          background: rgba(0, 0, 0, 0.55);
                          color: ${fav ? theme.color.brand : '#fff'};
                          font-size: 18px;
                          line-height: 1;
                        `}
                      >
                        {fav ? '★' : '☆'}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </>
      )}
      {transferGame && <TransferLaunchDialog game={transferGame} onClose={() => setTransferGame(null)} />}
      {/* responsible gambling: play closed (time-out, self-exclusion, session limit) or the API's refusal */}
      <Modal
        open={protection !== null}
        title={t('protectionTitle')}
        onClose={clearProtection}
        footer={
          <>
            <Button
              variant="secondary"
              data-testid={needsBirthday ? 'rg-casino-birthday' : undefined}
              onClick={() => {
                clearProtection();
                navigate(needsBirthday ? '/profile' : '/responsible-gaming');
              }}
            >
              {needsBirthday ? t('addBirthday') : t('responsibleGaming')}
            </Button>
            <Button onClick={clearProtection}>{t('common:close')}</Button>
          </>
        }
      >
        <p data-testid="rg-casino-closed">{protection}</p>
      </Modal>
    </Page>
  );
}

const grid = css`
  display: grid;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  gap: 10px;
  padding: 0;
  margin: 0;
  @media (min-width: 768px) {
    grid-template-columns: repeat(6, minmax(0, 1fr));
  }
`;
