import { Routes, Route } from 'react-router';
import { Page, NoData } from '@khela/web';
import './i18n';
import { Funds } from './screens/Funds';
import { PaymentRequest } from './screens/PaymentRequest';
import { MakePayment } from './screens/MakePayment';
import { TransactionRecord } from './screens/TransactionRecord';
import { TurnoverRecord } from './screens/TurnoverRecord';

/** Money screens; the shell guards all but /make-payment. */
export function App() {
  return (
    <Routes>
      <Route path="/deposit" element={<Funds />} />
      <Route path="/withdrawal" element={<Funds />} />
      <Route path="/payment-request" element={<PaymentRequest />} />
      <Route path="/make-payment" element={<MakePayment />} />
      <Route path="/transaction-record" element={<TransactionRecord />} />
      <Route path="/turnover-record" element={<TurnoverRecord />} />
      <Route path="*" element={<Page data-testid="mf-wallet-root"><NoData /></Page>} />
    </Routes>
  );
}
