import { Routes, Route } from 'react-router';
import { Page, NoData } from '@khela/web';
import './i18n';
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

/** The player's identity and account screens; the shell guards the protected ones. */
export function App() {
  return (
    <Routes>
      <Route path="/login" element={<Login />} />
      <Route path="/signup" element={<Signup />} />
      <Route path="/register" element={<Register />} />
      <Route path="/forgot-password" element={<ForgotPassword />} />
      <Route path="/referral_code" element={<CodeCapture type="referral_code" />} />
      <Route path="/affiliate_code" element={<CodeCapture type="affiliate_code" />} />
      <Route path="/agent_code" element={<CodeCapture type="agent_code" />} />
      <Route path="/account" element={<Account />} />
      <Route path="/profile" element={<Profile />} />
      <Route path="/reset-password" element={<ResetPassword />} />
      <Route path="/inbox" element={<Inbox />} />
      <Route path="/vip" element={<Vip />} />
      <Route path="/refrrel-program" element={<Referral />} />
      <Route path="*" element={<Page data-testid="mf-account-root"><NoData /></Page>} />
    </Routes>
  );
}
