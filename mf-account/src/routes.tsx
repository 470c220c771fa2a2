import type { RouteObject } from 'react-router';
import { Page, NoData } from '@khela/web';
import { Login } from './screens/Login';
import { Signup } from './screens/Signup';
import { Register } from './screens/Register';
import { ForgotPassword } from './screens/ForgotPassword';
import { CodeCapture } from './screens/CodeCapture';
import { Account } from './screens/Account';
import { Profile } from './screens/Profile';
import { ResetPassword } from './screens/ResetPassword';
import { Inbox } from './screens/Inbox';
import { Vip } from './screens/Vip';
import { Referral } from './screens/Referral';
import { ResponsibleGaming } from './screens/ResponsibleGaming';

/** Every path of this remote and the screen that renders it; shell/src/routes.ts maps these paths to this remote. */
export const routes: RouteObject[] = [
  { path: '/login', element: <Login /> },
  { path: '/signup', element: <Signup /> },
  { path: '/register', element: <Register /> },
  { path: '/forgot-password', element: <ForgotPassword /> },
  { path: '/referral_code', element: <CodeCapture type="referral_code" /> },
  { path: '/affiliate_code', element: <CodeCapture type="affiliate_code" /> },
  { path: '/agent_code', element: <CodeCapture type="agent_code" /> },
  { path: '/account', element: <Account /> },
  { path: '/profile', element: <Profile /> },
  { path: '/reset-password', element: <ResetPassword /> },
  { path: '/inbox', element: <Inbox /> },
  { path: '/vip', element: <Vip /> },
  { path: '/refrrel-program', element: <Referral /> },
  { path: '/responsible-gaming', element: <ResponsibleGaming /> },
  {
    path: '*',
    element: (
      <Page data-testid="mf-account-root">
        <NoData />
      </Page>
    ),
  },
];
