// A player's page (/players/:id): the header (PlayerHeader: name, badges, wallet), the sections with reads of their
// own (linked accounts, risk exemptions, provider wallets), the actions (PlayerActions), and the tabs, one file each
// under tabs/ (Protection is ProtectionTab.tsx). The player is read once here; a change anywhere on the page reads
// them again and reloads the ledger and sessions.
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { css } from '@emotion/react';
import { PLAYER_READ_ROLES, PLAYER_SESSION_ROLES, staffPlayer, staffPlayerProtection } from '@khela/contracts';
import { AsyncState, Spinner, Tabs, endpointKey, errorText, theme } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { Screen } from '../../ui/layout';
import { useStaffQuery } from '../../ui/query';
import { RiskExemptions } from '../risk/Exemptions';
import { HoldPanel } from './HoldPanel';
import { LinkedAccounts } from './LinkedAccounts';
import { PlayerActions } from './PlayerActions';
import { PlayerTitle, WalletFigures } from './PlayerHeader';
import { ProtectionBadges, ProtectionTab } from './ProtectionTab';
import { ProviderWalletsSection } from './ProviderWalletsSection';
import { BetsTab } from './tabs/BetsTab';
import { LedgerTab } from './tabs/LedgerTab';
import { NotesTab } from './tabs/NotesTab';
import { ProfileTab } from './tabs/ProfileTab';
import { SessionsTab } from './tabs/SessionsTab';
import { TurnoverTab } from './tabs/TurnoverTab';

const TABS = [
  { key: 'profile', label: 'Profile' },
  { key: 'protection', label: 'Protection' },
  { key: 'ledger', label: 'Ledger' },
  { key: 'bets', label: 'Bets' },
  { key: 'turnover', label: 'Turnover' },
  { key: 'sessions', label: 'Sessions' },
  { key: 'notes', label: 'Notes' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function PlayerPage() {
  const queryClient = useQueryClient();
  const op = useStaffAccount();
  const id = Number(useParams().id);
  const [search, setSearch] = useSearchParams();
  const tab = (TABS.some((t) => t.key === search.get('tab')) ? search.get('tab') : 'profile') as TabKey;
  const [flash, setFlash] = useState<string | null>(null);

  // the player: a failed first read says so with Retry; a failed later read keeps the page shown
  const player = useStaffQuery(staffPlayer, { params: { id } });

  // the player's protection: the header's badges and the Protection tab (re-read whenever the tab is opened)
  const protectionCall = { params: { id } };
  const protection = useStaffQuery(staffPlayerProtection, protectionCall);
  const reloadProtection = () => void protection.refetch();
  const lastTab = useRef(tab);
  useEffect(() => {
    if (tab === 'protection' && lastTab.current !== 'protection') reloadProtection();
    lastTab.current = tab;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on opening the tab only
  }, [tab]);

  // a change made on this page has made every query stale: the player, the tab shown and the panels are read again
  const saved = (message: string) => setFlash(message);

  return (
    <Screen data-testid={player.data ? 'player-page' : undefined}>
      <Link
        to="/players"
        css={css`
          color: ${theme.color.textMuted};
          font-size: 13px;
        `}
      >
        ← Players
      </Link>
      <AsyncState
        query={player}
        loading={<Spinner label="Loading player" />}
        failed={`Player #${id} could not be loaded.`}
        testId="player-load-error"
      >
        {(p) => (
          <>
            <PlayerTitle p={p}>
              <HoldPanel key={id} playerId={id} username={p.username} onSaved={saved} />
              <ProtectionBadges p={protection.data ?? null} to={`/players/${id}?tab=protection`} />
            </PlayerTitle>
            <WalletFigures p={p} />
            <LinkedAccounts links={p.links ?? []} />
            <RiskExemptions key={`exemptions-${id}`} playerId={id} />
            <ProviderWalletsSection key={id} playerId={id} />
            <PlayerActions player={p} flash={flash} onSaved={saved} />
            <Tabs<TabKey>
              label="Player"
              tabs={[...TABS]}
              value={tab}
              onChange={(k) =>
                setSearch(
                  (s) => {
                    s.set('tab', k);
                    return s;
                  },
                  { replace: true },
                )
              }
            />
            {tab === 'profile' && <ProfileTab p={p} />}
            {tab === 'protection' && (
              <ProtectionTab
                playerId={id}
                data={protection.data ?? null}
                error={protection.error ? errorText(protection.error) : null}
                onReload={reloadProtection}
                onChanged={(next) => queryClient.setQueryData(endpointKey(staffPlayerProtection, protectionCall), next)}
              />
            )}
            {tab === 'ledger' && <LedgerTab id={id} />}
            {tab === 'bets' && <BetsTab id={id} onSaved={saved} />}
            {tab === 'turnover' && <TurnoverTab id={id} />}
            {tab === 'sessions' && <SessionsTab id={id} onRevoked={saved} canRevoke={allows(op, PLAYER_SESSION_ROLES)} />}
            {tab === 'notes' && <NotesTab id={id} canWrite={allows(op, PLAYER_READ_ROLES)} />}
          </>
        )}
      </AsyncState>
    </Screen>
  );
}
