import { Navigate, useParams } from 'react-router';
import { ActivityLog } from './ActivityLog';
import { BalanceOverview } from './BalanceOverview';
import { BetsHistory } from './BetsHistory';
import { MyBets } from './MyBets';
import { MyProfile } from './Profile';
import { ProfitLoss } from './ProfitLoss';
import type { AccountSlug } from './ui';

const SCREENS: Record<AccountSlug, () => React.JSX.Element> = {
  profile: MyProfile,
  balance: BalanceOverview,
  'my-bets': MyBets,
  'bets-history': BetsHistory,
  'profit-loss': ProfitLoss,
  'activity-log': ActivityLog,
};

/** /exchange-account/{page}: one page of the exchange account; an unknown page goes back to the menu. */
export function ExchangeAccountPage() {
  const { page } = useParams();
  const Screen = page && Object.hasOwn(SCREENS, page) ? SCREENS[page as AccountSlug] : null;
  return Screen ? <Screen key={page} /> : <Navigate to="/exchange-account" replace />;
}
