import type { RouteObject } from 'react-router';
import { Page, NoData } from '@khela/web';
import { Funds } from './screens/Funds';
import { PaymentRequest } from './screens/PaymentRequest';
import { MakePayment } from './screens/MakePayment';
import { TransactionRecord } from './screens/TransactionRecord';
import { TurnoverRecord } from './screens/TurnoverRecord';

/** Every path of this remote and the screen that renders it; shell/src/routes.ts maps these paths to this remote. */
export const routes: RouteObject[] = [
  { path: '/deposit', element: <Funds /> },
  { path: '/withdrawal', element: <Funds /> },
  { path: '/payment-request', element: <PaymentRequest /> },
  { path: '/make-payment', element: <MakePayment /> },
  { path: '/transaction-record', element: <TransactionRecord /> },
  { path: '/turnover-record', element: <TurnoverRecord /> },
  {
    path: '*',
    element: (
      <Page data-testid="mf-wallet-root">
        <NoData />
      </Page>
    ),
  },
];
