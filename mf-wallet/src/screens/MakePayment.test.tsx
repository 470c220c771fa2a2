import '@khela/web/test/mock-shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYER_TRX_MESSAGES } from '@khela/contracts';
import { calls, resetHost, responders } from '@khela/web/test/fake-host';
import { renderScreen } from '../../test/render';
import { MAKE_PAYMENT_BN } from '../i18n';
import { MakePayment } from './MakePayment';
import { PaymentRequest } from './PaymentRequest';

// Issue 10 item 4: make-payment sends the deposit's single-use reference (from ?ref=), required when logged out.
beforeEach(() => {
  resetHost();
  localStorage.clear();
  responders.set('POST /api/make-payment', () => new Response(JSON.stringify({ success: true, message: 'ok' }), { status: 200 }));
});

const fill = async (phone: string, trx: string) => {
  await userEvent.type(document.querySelector<HTMLInputElement>('input[name=phone]')!, phone);
  await userEvent.type(document.querySelector<HTMLInputElement>('input[name=transaction_id]')!, trx);
};
const sent = () => calls.find((c) => c.path === '/api/make-payment')?.opts.body as FormData | undefined;

describe('MakePayment', () => {
  it('logged out: asks for the reference, then sends it with phone and transaction id', async () => {
    renderScreen(<MakePayment />, '/make-payment');
    await fill('01712345678', 'TRX12345678');
    await userEvent.click(screen.getByTestId('make-payment-submit'));
    expect(await screen.findByText(MAKE_PAYMENT_BN.referenceRequired)).toBeTruthy();
    expect(sent()).toBeUndefined();
    await userEvent.type(screen.getByTestId('make-payment-reference'), 'ab12cd34ef');
    await userEvent.click(screen.getByTestId('make-payment-submit'));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()!.get('reference')).toBe('AB12CD34EF');
    expect(sent()!.get('phone')).toBe('01712345678');
  });

  it('takes the reference from ?ref= (the payment-request link)', async () => {
    renderScreen(<MakePayment />, '/make-payment?ref=K7M2P9Q4RT');
    expect((screen.getByTestId('make-payment-reference') as HTMLInputElement).value).toBe('K7M2P9Q4RT');
    await fill('01712345678', 'TRX12345678');
    await userEvent.click(screen.getByTestId('make-payment-submit'));
    await waitFor(() => expect(sent()?.get('reference')).toBe('K7M2P9Q4RT'));
  });
});

describe('MakePayment: the transaction id (issue 27 item 3)', () => {
  it('invisible characters do not count towards the 7 characters; other symbols are refused; nothing is sent', async () => {
    renderScreen(<MakePayment />, '/make-payment?ref=K7M2P9Q4RT');
    await fill('01712345678', 'AB12\u200B\u200B\u200B\u200B');
    await userEvent.click(screen.getByTestId('make-payment-submit'));
    expect(await screen.findByText(MAKE_PAYMENT_BN.trxInvalid)).toBeTruthy();
    await userEvent.clear(document.querySelector<HTMLInputElement>('input[name=transaction_id]')!);
    await userEvent.type(document.querySelector<HTMLInputElement>('input[name=transaction_id]')!, 'TRX-1234567');
    await userEvent.click(screen.getByTestId('make-payment-submit'));
    expect(await screen.findByText(PAYER_TRX_MESSAGES.chars.bn)).toBeTruthy();
    expect(sent()).toBeUndefined();
  });
});

describe('PaymentRequest', () => {
  it('shows the deposit reference and links make-payment with it', async () => {
    renderScreen(<PaymentRequest />, '/payment-request', { amount: '500.00', action: 'deposit', reference: 'K7M2P9Q4RT' });
    expect(screen.getByTestId('deposit-reference').textContent).toBe('K7M2P9Q4RT');
    expect(screen.getByRole('link', { name: 'Confirm your payment' }).getAttribute('href')).toBe('/make-payment?ref=K7M2P9Q4RT');
  });
});
