// Area 'payments' of the console (see src/areas.ts): the desk of deposits and withdrawals, payment methods with their
// numbers, ranges and presets plus the withdrawal switch, and turnover requirements with the ledger check. Role:
// payments (and admin); the API refuses the others. Pending transfers to and from the providers' wallets (issue 30).
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { Tabs } from '@khela/web';
import { Screen } from '../../ui/layout';
import { Desk } from './Desk';
import { Methods } from './Methods';
import { PendingTransfers } from './PendingTransfers';
import { Turnovers } from './Turnovers';

const TABS = [
  { key: 'desk', label: 'Deposits & withdrawals' },
  { key: 'methods', label: 'Payment methods' },
  { key: 'turnovers', label: 'Turnover & ledger' },
  { key: 'pending-transfers', label: 'Pending transfers' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export default function Area() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const current = (TABS.find((t) => pathname.split('/')[2] === t.key)?.key ?? 'desk') as TabKey;
  return (
    <Screen>
      <h1>Payments</h1>
      <Tabs label="Payments sections" tabs={[...TABS]} value={current} onChange={(k) => navigate(`/payments/${k}`)} />
      <Routes>
        <Route index element={<Navigate to="desk" replace />} />
        <Route path="desk" element={<Desk />} />
        <Route path="methods" element={<Methods />} />
        <Route path="turnovers" element={<Turnovers />} />
        <Route path="pending-transfers" element={<PendingTransfers />} />
        <Route path="*" element={<Navigate to="desk" replace />} />
      </Routes>
    </Screen>
  );
}
