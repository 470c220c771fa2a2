import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, Link } from 'react-router';
import * as schemas from '@khela/contracts';
import {
  ApiError,
  Button,
  NoData,
  Notice,
  Spinner,
  TextField,
  useHost,
  useLocale,
  usePlayer,
  useServerQuery,
  type WalletBalance,
} from '@khela/web';
import { DEBT_MESSAGES, PROTECTION_MESSAGES, type PaymentMethod } from '@khela/contracts';
import { ErrorModal, type ShownError } from '../components/ErrorModal';
import { awaitsVerification } from '../components/protection';
import { AmountInput, MethodChips, label, section } from '../components/parts';
import { newIdempotencyKey } from '../lib/records';
import { RecallAllFirst } from '../components/RecallFirst';

interface CheckFailure {
  message: string;
  profileLink: boolean;
  /** A risk hold closed withdrawals: said in the player's language when shown. */
  onHold?: boolean;
}

/**
 * A 400 from /api/userwithdrawcheck: Date of Birth links to the profile; a debt (code `debt`: what the player owes from a
 * corrected result takes everything) says so, in Bangla too; anything else asks for the turnover (docs/README.md#spec-8).
 */
function checkFailure(err: unknown, t: (k: string) => string, locale?: string, wallet?: WalletBalance | null): CheckFailure {
  const apiErr = err instanceof ApiError ? err : null;
  if (apiErr?.status === 400) {
    const text = apiErr.message;
    if ((apiErr.data as { code?: string } | undefined)?.code === 'debt') {
      const owed = wallet?.owed;
      return {
        message: locale === 'bn' && owed ? DEBT_MESSAGES.bn.withdrawRefused(owed, wallet?.currency ?? 'BDT') : text,
        profileLink: false,
      };
    }
    // a risk hold that closes withdrawals (staff): say so, in Bangla too, never the turnover
    if ((apiErr.data as { code?: string } | undefined)?.code === 'account_on_hold') {
      return { message: text, profileLink: false, onHold: true };
    }
    // the API answers in the player's language (Accept-Language): the Bangla text names the জন্মতারিখ
    if (/date of birth|birthday|dofb|জন্মতারিখ/i.test(text)) return { message: text, profileLink: true };
    return { message: t('errors.turnover'), profileLink: false };
  }
  return { message: apiErr?.message ?? t('errors.unknown'), profileLink: false };
}

/**
 * Whether the API created the withdrawal waiting for the due-diligence check: its answer says so (the flag, or the
 * protection service's message when the answer carries no flag).
 */
function verificationRequired(res: { message: string; verification_required?: boolean }): boolean {
  const flag = res.verification_required;
  return flag === true || (flag === undefined && res.message === PROTECTION_MESSAGES.verificationRequired);
}

/**
 * /withdrawal: methods (hidden while withdrawal_status is 0), amount 500-25,000, account number, server check.
 * Never closed by responsible gambling: a self-excluded or timed-out player can always withdraw. A withdrawal past the
 * due-diligence threshold is created waiting for verification, and the player is told why.
 */
export function Withdraw() {
  const { t } = useTranslation('wallet');
  const { api, session, bus } = useHost();
  const remoteId = usePlayer()?.remoteId || undefined;
  const locale = useLocale();
  const navigate = useNavigate();
  const [methodId, setMethodId] = useState<number | null>(null);
  const [amount, setAmount] = useState('');
  const [account, setAccount] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<ShownError | null>(null);
  const attemptKey = useRef<string | null>(null);

  // what the page needs to know first, each read when the page opens (the cached answer shown meanwhile)
  const player = { query: { remote_id: remoteId } };
  const methodsRead = useServerQuery(schemas.showPaymentMethod, { query: { name: 'withdraw' } }, { staleTime: 0 });
  const checkRead = useServerQuery(schemas.userWithdrawCheck, player, { staleTime: 0 });
  const phoneRead = useServerQuery(schemas.userShowEndpoint, player, { staleTime: 0, select: (r) => r.user.session_id === '1' });
  // a decision on a pending withdrawal changes the balance or brings an inbox message: read again then
  const pendingRead = useServerQuery(schemas.transactionShow, player, {
    staleTime: 0,
    topics: ['balance', 'inbox'],
    select: (r) => ({
      pending: r.transactions.some((tx) => tx.action === 'withdraw' && tx.key === '0'),
      verification: r.transactions.some(awaitsVerification),
    }),
  });
  // the methods (none when the read failed or withdrawals are closed: withdrawal_status 0)
  const methods: PaymentMethod[] | null = methodsRead.data
    ? methodsRead.data.success
      ? methodsRead.data.data
      : []
    : methodsRead.error
      ? []
      : null;
  const methodsMessage = methods && !methods.length ? t('errors.noWithdrawMethods') : null;
  // the check's refusal as read, or as the last submit found it
  const [checkAtSubmit, setCheck] = useState<CheckFailure | null>(null);
  const check = checkAtSubmit ?? (checkRead.error ? checkFailure(checkRead.error, t, locale, session.balance$.value) : null);
  const phoneVerified = phoneRead.data ?? null;
  // a refusal with code 'pending' says the same as the read would
  const [pendingAtSubmit, setPending] = useState(false);
  const pending = pendingAtSubmit || (pendingRead.data?.pending ?? false);
  const pendingVerification = pendingRead.data?.verification ?? false;

  const method = methods?.find((m) => m.id === methodId);

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    if (phoneVerified === false) return setError({ message: t('errors.phoneNotVerified'), profileLink: true });
    if (pending) return setError({ message: t('errors.withdrawPending') });
    if (!amount.trim()) return setError({ message: t('errors.amountRequired') });
    if (!account.trim()) return setError({ message: t('errors.accountRequired') });
    if (!method) return setError({ message: t('errors.selectMethod') });
    setSubmitting(true);
    const remote_id = remoteId;
    try {
      await api.call(schemas.userWithdrawCheck, { query: { remote_id } });
    } catch (err) {
      const f = checkFailure(err, t, locale, session.balance$.value);
      setCheck(f);
      setError(f);
      setSubmitting(false);
      return;
    }
    attemptKey.current ??= newIdempotencyKey();
    try {
      const res = await api.call(schemas.submitWithdraw, {
        body: {
          remote_id,
          account_number: account.trim(),
          amount,
          payment_id: method.id,
          provider: typeof method.account_type === 'string' ? method.account_type : undefined,
        },
        idempotencyKey: attemptKey.current,
      });
      attemptKey.current = null;
      // the hold moved money: the session fetches the new figure for every app
      void session.refreshBalance();
      const verification = verificationRequired(res);
      bus.publish(
        'toast',
        verification ? { kind: 'info', message: t('rg.verificationTitle') } : { kind: 'success', message: t('withdrawSuccess') },
      );
      // a payout to a number that is not one of the player's verified numbers waits for staff (issue 32)
      if (res.payout_confirmation_required) bus.publish('toast', { kind: 'info', message: t('payoutConfirm') });
      navigate('/payment-request', {
        state: {
          amount: res.amount,
          payment_icon: method.icon,
          action: 'withdraw',
          transaction: res.transaction_id,
          // the API's own words (English); the request page says it in the player's language
          ...(verification ? { verification: res.message } : {}),
        },
      });
    } catch (err) {
      const apiErr = err instanceof ApiError ? err : null;
      if (!apiErr?.network) attemptKey.current = null;
      const code = (apiErr?.data as { code?: string } | undefined)?.code;
      if (code === 'pending') setPending(true);
      // the KYC gate (issue 32): said in the player's language, with the way to /profile
      if (code === 'kyc_required') return setError({ message: t('errors.kycRequired'), profileLink: true });
      setError({ message: apiErr?.message ?? t('errors.unknown'), profileLink: code === 'phone_unverified' || code === 'dob_missing' });
    } finally {
      setSubmitting(false);
    }
  }

  if (!methods) return <Spinner />;
  if (methodsMessage) return <NoData text={methodsMessage} />;

  return (
    <form onSubmit={submit} noValidate>
      {/* money in transfer-wallet providers comes back to main before it can be withdrawn (issue 30) */}
      <RecallAllFirst />
      {check && (
        <Notice testId="withdraw-check">
          {check.onHold && locale === 'bn' ? t('errors.onHold') : check.message}{' '}
          {check.profileLink && <Link to="/profile">{t('verifyPhoneLink')}</Link>}
        </Notice>
      )}
      {phoneVerified === false && (
        <Notice>
          {t('errors.phoneNotVerified')} <Link to="/profile">{t('verifyPhoneLink')}</Link>
        </Notice>
      )}
      {pending && <Notice role="status">{t('pending.withdraw')}</Notice>}
      {pendingVerification && (
        <Notice role="status" testId="rg-withdraw-verification">
          {t('rg.verificationPending')} <Link to="/transaction-record">{t('rg.viewRecords')}</Link>
        </Notice>
      )}
      <div css={section}>
        <span css={label}>{t('paymentMethod')}</span>
        <MethodChips methods={methods} value={methodId} onChange={setMethodId} name={t('paymentMethod')} />
      </div>
      <div css={section}>
        <AmountInput
          presets={method?.withdraw_presets ?? schemas.WITHDRAW_PRESETS}
          min={method?.withdraw_min ?? schemas.WITHDRAW_MIN}
          max={method?.withdraw_max ?? schemas.WITHDRAW_MAX}
          value={amount}
          onChange={setAmount}
        />
      </div>
      <TextField
        label={t('accountNumber')}
        inputProps={{
          inputMode: 'numeric',
          value: account,
          placeholder: t('accountNumberPlaceholder'),
          onChange: (e) => setAccount(e.target.value.replace(/\D/g, '')),
          name: 'account_number',
          autoComplete: 'off',
        }}
      />
      <Button type="submit" block disabled={submitting} data-testid="withdraw-submit">
        {submitting ? t('submitting') : t('submit')}
      </Button>
      <ErrorModal error={error} onClose={() => setError(null)} />
    </form>
  );
}
