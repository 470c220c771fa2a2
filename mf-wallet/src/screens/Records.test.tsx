import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError, i18n } from '@khela/web';
import { resetHost, responders, sessionService } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { TransactionRecord } from './TransactionRecord';
import { TurnoverRecord } from './TurnoverRecord';
import { PaymentRequest } from './PaymentRequest';

const tx = (over: Record<string, unknown>) => ({
  id: 1,
  action: 'deposit',
  amount: '1000.00',
  bonus: '0.00',
  key: '1',
  transaction_id: 'D1',
  account_number: '01711000001',
  provider: null,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  information_received_at: new Date().toISOString(),
  payment_method: null,
  promotion: null,
  ...over,
});

beforeEach(() => {
  resetHost();
  localStorage.setItem('token', 't');
  localStorage.setItem('remote_id', '7');
});

describe('TransactionRecord', () => {
  it('opens the timeline popup with Agent and a masked account number; filters by status', async () => {
    responders.set('GET /api/transaction/show', () => ({
      transactions: [
        tx({ id: 1 }),
        tx({ id: 2, key: '0', action: 'withdraw', payment_method: { name: 'bKash', type: 'Agent', icon: null } }),
      ],
    }));
    renderScreen(<TransactionRecord />, '/transaction-record');
    const rows = await screen.findAllByTestId('record-row');
    expect(rows).toHaveLength(2);
    await userEvent.click(rows.find((r) => r.textContent!.includes('Deposit'))!);
    const details = await screen.findByTestId('record-details');
    expect(within(details).getByTestId('detail-method').textContent).toBe('Agent');
    expect(within(details).getByTestId('detail-account').textContent).toBe('01*******01');
    expect(
      within(details)
        .getAllByTestId('step-label')
        .map((s) => s.textContent),
    ).toEqual(['Initiated', 'Information Received', 'Success']);
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByTestId('open-filter'));
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await userEvent.click(screen.getByTestId('filter-confirm'));
    expect(await screen.findAllByTestId('record-row')).toHaveLength(1);
    expect(screen.getByTestId('status-tag').textContent).toBe('Pending');
  });

  it('labels a pending withdrawal waiting for verification, with the reason (English and Bangla)', async () => {
    responders.set('GET /api/transaction/show', () => ({
      transactions: [
        tx({ id: 1, key: '0', action: 'withdraw', verification_required: true, transaction_id: 'W1' }),
        tx({ id: 2, key: '0', action: 'withdraw', verification_required: false, transaction_id: 'W2' }),
        // once decided, the hold is over: no label
        tx({ id: 3, key: '1', action: 'withdraw', verification_required: true, transaction_id: 'W3' }),
        tx({ id: 4, key: '0', action: 'deposit', transaction_id: 'D4' }),
      ],
    }));
    renderScreen(<TransactionRecord />, '/transaction-record');
    const rows = await screen.findAllByTestId('record-row');
    expect(rows).toHaveLength(4);
    const labelled = rows.filter((r) => within(r).queryByTestId('rg-verification-required'));
    expect(labelled).toHaveLength(1);
    const label = within(labelled[0]!).getByTestId('rg-verification-required');
    expect(label.textContent).toBe('Verification required');
    expect(label.getAttribute('title')).toContain('passed the amount at which the law requires us to check your identity');
    await userEvent.click(labelled[0]!);
    const details = await screen.findByTestId('record-details');
    expect(within(details).getByTestId('rg-verification-reason').textContent).toContain('Our payments team will contact you.');
    await userEvent.keyboard('{Escape}');
    act(() => sessionService().session.setLocale('bn'));
    expect((await screen.findByText('যাচাই প্রয়োজন')).getAttribute('data-testid')).toBe('rg-verification-required');
  });

  it('shows No Data when empty', async () => {
    responders.set('GET /api/transaction/show', () => ({ transactions: [] }));
    renderScreen(<TransactionRecord />, '/transaction-record');
    expect(await screen.findByText('No Data')).toBeTruthy();
  });
});

describe('TurnoverRecord', () => {
  it('shows the bonus with 2 decimals and switches tabs', async () => {
    responders.set('GET /api/turnovers', () => ({
      data: [
        {
          id: 1,
          status: 'active',
          required_turnover: '1000.00',
          remaining_turnover: '400.00',
          created_at: new Date().toISOString(),
          transaction: { action: 'deposit', amount: '100.00', promotion: { name: 'Reload', turnover: 3 }, payment_method: null },
        },
      ],
    }));
    renderScreen(<TurnoverRecord />, '/turnover-record');
    expect((await screen.findByTestId('turnover-bonus')).textContent).toBe('333.33');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');
    // the card's time says it is Dhaka time (issue 34 item 3)
    expect(screen.getByTestId('turnover-time').textContent).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d GMT\+6$/);
    expect(screen.getByText('60%')).toBeTruthy();
    // in Bangla every figure is in Bengali digits, the time and its date too (issue 34 item 2)
    act(() => sessionService().session.setLocale('bn'));
    await act(() => i18n.changeLanguage('bn'));
    expect(screen.getByTestId('turnover-bonus').textContent).toBe('৩৩৩.৩৩');
    expect(screen.getByText('৬০%')).toBeTruthy();
    expect(screen.getByTestId('turnover-time').textContent).toMatch(/^[০-৯]{4}-[০-৯]{2}-[০-৯]{2} [০-৯]{2}:[০-৯]{2}:[০-৯]{2} GMT\+6$/);
    act(() => sessionService().session.setLocale('en'));
    await act(() => i18n.changeLanguage('en'));
    await userEvent.click(screen.getByRole('tab', { name: 'Completed' }));
    expect(await screen.findByText('No Data')).toBeTruthy();
  });

  it('says the records could not be loaded, with Retry, instead of No Data (issue 34 item 4)', async () => {
    let down = true;
    responders.set('GET /api/turnovers', () => {
      if (down) throw new ApiError('Network error, please try again later.', 0, undefined, true);
      return { data: [] };
    });
    renderScreen(<TurnoverRecord />, '/turnover-record');
    const failed = await screen.findByTestId('turnover-error');
    expect(failed.textContent).toContain('Your records could not be loaded. Network error, please try again later.');
    expect(screen.queryByText('No Data')).toBeNull();
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No Data')).toBeTruthy();
  });
});

describe('TransactionRecord: failures and times', () => {
  it('labels each row time GMT+6 and says a failed read in Bangla with Retry (issue 34 items 3, 4)', async () => {
    let down = true;
    responders.set('GET /api/transaction/show', () => {
      if (down) throw new ApiError('Server error', 503, {});
      return { transactions: [tx({ id: 1, created_at: '2026-11-27T03:33:58.000Z' })] };
    });
    renderScreen(<TransactionRecord />, '/transaction-record');
    await act(() => i18n.changeLanguage('bn'));
    const failed = await screen.findByTestId('records-error');
    expect(failed.textContent).toContain('আপনার রেকর্ড লোড করা যায়নি।');
    down = false;
    await userEvent.click(within(failed).getByRole('button', { name: 'আবার চেষ্টা করুন' }));
    const time = await screen.findByTestId('record-time');
    expect(time.textContent).toBe('০৯:৩৩:৫৮ GMT+6');
    await act(() => i18n.changeLanguage('en'));
    expect(screen.getByTestId('record-time').textContent).toBe('09:33:58 GMT+6');
  });
});

describe('PaymentRequest', () => {
  it('shows Get Ready!, the 30-minute countdown and Close to /account', async () => {
    renderScreen(<PaymentRequest />, '/payment-request?amount=1000.00');
    expect(screen.getByText('Get Ready!')).toBeTruthy();
    expect(screen.getByText('Your Money is on its way')).toBeTruthy();
    expect(screen.getByTestId('countdown').textContent).toBe('30:00');
    expect(screen.getByTestId('request-amount').textContent).toBe('৳1,000.00');
    expect(screen.getByTestId('request-close').getAttribute('href')).toBe('/account');
  });
});
