// The Profile tab of a player's page: identity (with the KYC state and its documents' link) and status and codes.
import { Link } from 'react-router';
import { css } from '@emotion/react';
import { KYC_REVIEW_ROLES, type StaffPlayerProfile } from '@khela/contracts';
import { Card, StatusBadge } from '@khela/web';
import { allows, useStaffAccount } from '../../../staff/context';
import { Facts } from '../../../ui/layout';
import { FlagCell } from '../ui';
import { when } from '../../../ui/time';

export function ProfileTab({ p }: { p: StaffPlayerProfile }) {
  const op = useStaffAccount();
  const yes = (v: boolean) => (v ? 'verified' : 'not verified');
  return (
    <div
      css={css`
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(320px, 1fr));
        gap: 16px;
      `}
    >
      <Card>
        <h2>Identity</h2>
        <Facts>
          <dt>Name</dt>
          <dd>{p.name ?? '—'}</dd>
          <dt>Phone</dt>
          <dd>
            {p.phone ?? '—'} ({yes(p.phone_verified)})
          </dd>
          <dt>E-mail</dt>
          <dd>
            {p.email ?? '—'} ({p.email_verified_at ? `verified ${when(p.email_verified_at)}` : 'not verified'})
          </dd>
          <dt>Date of birth</dt>
          <dd>
            {p.dofb ?? '—'}
            {p.kyc?.birthday_locked ? ' (from the NID, locked)' : ''}
          </dd>
          <dt>Identity (KYC)</dt>
          <dd data-testid="player-kyc">
            {p.kyc?.status ?? 'none'}
            {p.kyc && p.kyc.status !== 'none' && allows(op, KYC_REVIEW_ROLES) && (
              <>
                {' '}
                · <Link to={`/kyc/${p.id}`}>documents</Link>
              </>
            )}
          </dd>
          <dt>Currency</dt>
          <dd>{p.currency}</dd>
          <dt>Signed up</dt>
          <dd>{when(p.created_at)}</dd>
          <dt>Last log-in</dt>
          <dd>{when(p.last_login_at)}</dd>
          <dt>Live sessions</dt>
          <dd>{p.live_sessions}</dd>
        </Facts>
      </Card>
      <Card>
        <h2>Status and codes</h2>
        <Facts>
          <dt>Status</dt>
          <dd>
            <StatusBadge status={p.status} />
          </dd>
          <dt>exchange_market</dt>
          <dd>
            {p.exchange_market} (<FlagCell value={p.exchange_market} />)
          </dd>
          <dt>cs_market</dt>
          <dd>
            {p.cs_market} (<FlagCell value={p.cs_market} />)
          </dd>
          <dt>Referral code</dt>
          <dd>{p.referral_code}</dd>
          <dt>Referred by</dt>
          <dd>{p.referred_by ? <Link to={`/players/${p.referred_by}`}>#{p.referred_by}</Link> : '—'}</dd>
          <dt>Agent code</dt>
          <dd>{p.agent_code ?? '—'}</dd>
          <dt>Affiliate code</dt>
          <dd>{p.affiliate_code ?? '—'}</dd>
          <dt>Updated</dt>
          <dd>{when(p.updated_at)}</dd>
        </Facts>
      </Card>
    </div>
  );
}
