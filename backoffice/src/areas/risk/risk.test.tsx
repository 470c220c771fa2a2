import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { StaffRiskAlert, StaffStrReport } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import Risk from './index';
import { strCsv } from './str';

const alert: StaffRiskAlert = {
  id: 5,
  kind: 'risk.deposit_velocity',
  message: 'Deposit velocity: 35,000.00 BDT in 2 deposit requests within 60 minutes from player 9',
  ref: 'player:9',
  evidence: {
    rule: 'deposit_velocity',
    total: '35000.00',
    count: 2,
    currency: 'BDT',
    window_minutes: 60,
    threshold: '30000',
    transactions: [
      { id: 'D1', amount: '20000.00', status: 1, at: '2026-11-27T06:00:00Z' },
      { id: 'D2', amount: '15000.00', status: 0, at: '2026-11-27T06:10:00Z' },
    ],
  },
  state: 'open',
  owner_id: null,
  owner: null,
  created_at: '2026-11-27T06:10:00Z',
  updated_at: '2026-11-27T06:10:00Z',
  resolved_at: null,
  resolved_by: null,
  resolution: null,
};

const rule = {
  kind: 'deposit_velocity',
  enabled: true,
  window_minutes: 60,
  amounts: { BDT: 100000, INR: 75000, PKR: 350000 },
  account_days: 30,
  min_accounts: null,
  turnover_percent: null,
  updated_by: null,
  updated_at: '2026-11-27T00:00:00Z',
};

function session() {
  let current = { ...alert };
  const fake = fakeSession(
    { id: 3, username: 'risk', role: 'risk' },
    {
      'GET /api/operator/risk/rules': () => ({
        data: [rule, { ...rule, kind: 'shared_device', amounts: null, min_accounts: 3, window_minutes: 43200 }],
      }),
      'POST /api/operator/risk/rules/{kind}': (o) => ({ ...rule, ...(o.body as object), updated_by: 'risk' }),
      'GET /api/operator/risk/assignees': () => ({
        data: [
          { id: 3, username: 'risk', role: 'risk' },
          { id: 4, username: 'risk2', role: 'risk' },
        ],
      }),
      'GET /api/operator/risk/alerts': () => ({ data: [current], page: 1, per_page: 50, total: 1 }),
      'GET /api/operator/risk/alerts/{id}': () => ({ ...current, history: [] }),
      'POST /api/operator/risk/alerts/{id}/assign': (o) => {
        current = { ...current, owner_id: (o.body as { operator_id: number }).operator_id, owner: 'risk' };
        return current;
      },
      'POST /api/operator/risk/alerts/{id}/state': (o) => {
        const b = o.body as { state: StaffRiskAlert['state']; note?: string };
        current = { ...current, state: b.state, resolution: b.note ?? null, resolved_by: 'risk', resolved_at: '2026-11-27T07:00:00Z' };
        return current;
      },
    },
  );
  return fake;
}

const at = (path: string, fake: ReturnType<typeof fakeSession>) =>
  render(
    fake.wrap(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/risk/*" element={<Risk />} />
          <Route path="/players/:id" element={<p>player page</p>} />
        </Routes>
      </MemoryRouter>,
    ),
  );

describe('risk', () => {
  it('lists alerts with the state, rule and owner filters and opens an alert page', async () => {
    const fake = session();
    at('/risk', fake);
    fireEvent.click(await screen.findByText(alert.message));
    expect(await screen.findByTestId('risk-alert')).toBeTruthy();
    const list = fake.calls.find((c) => c.path === '/api/operator/risk/alerts');
    expect(list?.opts.query).toMatchObject({ state: 'active' });
    expect(screen.getByTestId('risk-evidence-transactions').textContent).toContain('D2');
  });

  it('assigns to me, refuses to resolve without a note, then resolves with one', async () => {
    const fake = session();
    at('/risk/alerts/5', fake);
    const page = await screen.findByTestId('risk-alert');
    expect(within(page).getByTestId('risk-evidence').textContent).toContain('35000.00');
    expect(within(page).getByTestId('risk-evidence-transactions').textContent).toContain('approved');
    fireEvent.click(within(page).getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(fake.calls.find((c) => c.path.endsWith('/assign'))?.opts.body).toEqual({ operator_id: 3 }));
    fireEvent.click(await within(await screen.findByTestId('risk-alert')).findByRole('button', { name: 'Resolve' }));
    expect((await screen.findByRole('alert')).textContent).toContain('only with a note');
    expect(fake.calls.some((c) => c.path.endsWith('/state'))).toBe(false);
    fireEvent.change(screen.getByLabelText(/Resolution note/), { target: { value: 'Salary, payslip seen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Resolve' }));
    await waitFor(() =>
      expect(fake.calls.find((c) => c.path.endsWith('/state'))?.opts).toEqual({
        params: { id: 5 },
        body: { state: 'resolved', note: 'Salary, payslip seen' },
      }),
    );
    expect((await screen.findByTestId('risk-alert-resolution')).textContent).toBe('Salary, payslip seen');
  });

  it('shows each rule with only the figures it uses and saves one with its reason', async () => {
    const fake = session();
    at('/risk/rules', fake);
    const form = await screen.findByTestId('risk-rule-deposit_velocity');
    const device = screen.getByTestId('risk-rule-shared_device');
    expect(within(device).queryByLabelText('BDT at least')).toBeNull();
    expect((within(device).getByLabelText('Accounts at least') as HTMLInputElement).value).toBe('3');
    fireEvent.change(within(form).getByLabelText('BDT at least'), { target: { value: '30000' } });
    fireEvent.change(within(form).getByLabelText('Reason (for the audit log)'), { target: { value: 'launch week' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save rule' }));
    expect((await within(form).findByRole('status')).textContent).toBe('Saved.');
    expect(fake.calls.find((c) => c.path.endsWith('/{kind}'))?.opts.body).toMatchObject({
      amounts: { BDT: 30000 },
      window_minutes: 60,
      account_days: 30,
      reason: 'launch week',
    });
  });

  it('writes the STR as CSV blocks with formula-like cells neutralised', () => {
    const r: StaffStrReport = {
      reference: 'STR-20261127-A5',
      generated_at: '2026-11-27 13:00:00 GMT+6',
      reporting_entity: { name: 'Khela', licence: null, address: null, country: 'BD' },
      reporting_officer: { username: 'risk', role: 'risk' },
      subjects: [
        {
          player_id: 9,
          username: 'rahim',
          name: '=HYPERLINK("http://evil","x")',
          birthday: '1991-02-03',
          phone: '01911111111',
          other_phones: [],
          email: null,
          nid: null,
          address: null,
          currency: 'BDT',
          status: 'active',
          opened_at: '2026-11-20 10:00:00 GMT+6',
          wallet_numbers: ['01811111111'],
          linked: [],
        },
      ],
      transactions: [
        {
          id: 'D1',
          at: '2026-11-27 12:00:00 GMT+6',
          type: 'deposit',
          status: 'approved',
          amount: '20000.00',
          currency: 'BDT',
          method: 'bKash',
          channel: 'Personal',
          payer_number: '01811111111',
          payee_number: '01700000000',
          reference: 'TRX1',
        },
      ],
      suspicion: {
        alert_id: 5,
        rule: 'risk.deposit_velocity',
        raised_at: '2026-11-27 12:10:00 GMT+6',
        summary: 'burst',
        evidence: { count: 2 },
        state: 'open',
        resolution: null,
      },
    };
    const csv = strCsv(r);
    const blocks = csv.split('\r\n\r\n');
    expect(blocks).toHaveLength(4);
    expect(blocks[0]).toContain('STR reference,Generated (GMT+6),Reporting entity');
    expect(blocks[1]).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(blocks[1]).toContain('not collected');
    expect(blocks[2]).toContain('D1,2026-11-27 12:00:00 GMT+6,deposit,approved,20000.00,BDT,bKash,Personal,01811111111,01700000000,TRX1');
    expect(blocks[3]).toContain('risk.deposit_velocity');
  });
});
