import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffKycDetail } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import Kyc from './index';

const DETAIL: StaffKycDetail = {
  player: {
    id: 7,
    username: 'karim',
    name: 'Karim Uddin',
    phone: '01712345678',
    phone_verified: true,
    dofb: '1990-01-01',
    created_at: '2026-11-01T00:00:00Z',
  },
  status: 'pending',
  reason: null,
  requested: [],
  submitted_at: '2026-11-27T04:00:00Z',
  decided_at: null,
  decided_by: null,
  nid_dofb: null,
  documents: (['selfie', 'nid_back', 'nid_front'] as const).map((kind, i) => ({
    id: 30 - i,
    kind,
    content_type: 'image/jpeg',
    size: 120_000,
    width: 1200,
    height: 800,
    uploaded_at: '2026-11-27T04:00:00Z',
    current: true,
    purged: false,
  })),
};

afterEach(() => vi.unstubAllGlobals());

function renderAt(path: string, handlers: Parameters<typeof fakeSession>[1]) {
  const fake = fakeSession({ role: 'risk', id: 3, username: 'risk' }, handlers);
  Object.assign(fake.session.api, { url: (p: string) => `http://api.test${p}` });
  const fetches: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      fetches.push(`${url} ${(init.headers as Record<string, string>).Authorization}`);
      return new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg' } });
    }),
  );
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:doc'), revokeObjectURL: vi.fn() });
  render(
    fake.wrap(
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/kyc/*" element={<Kyc />} />
        </Routes>
      </MemoryRouter>,
    ),
  );
  return { fake, fetches };
}

describe('KYC review', () => {
  it('shows the three documents loaded with the operator token, and approves with the NID birthday', async () => {
    let detail = DETAIL;
    const { fake, fetches } = renderAt('/kyc/7', {
      'GET /api/operator/kyc/{id}': () => detail,
      'POST /api/operator/kyc/{id}/approve': (o) => {
        detail = {
          ...DETAIL,
          status: 'verified',
          nid_dofb: (o.body as { dofb: string }).dofb,
          player: { ...DETAIL.player, dofb: '1988-03-09' },
        };
        return { message: 'Identity verified; the birthday is the NID’s and locked.' };
      },
    });
    for (const kind of ['nid_front', 'nid_back', 'selfie']) expect(await screen.findByTestId(`kyc-doc-${kind}`)).toBeTruthy();
    expect(fetches.sort()).toEqual([28, 29, 30].map((id) => `http://api.test/api/operator/kyc/documents/${id} Bearer tok`));
    // the birthday is required
    fireEvent.click(screen.getByTestId('kyc-approve'));
    expect((await screen.findByTestId('kyc-error')).textContent).toBe('Type the birthday printed on the NID.');
    fireEvent.change(screen.getByTestId('kyc-nid-dofb'), { target: { value: '1988-03-09' } });
    fireEvent.click(screen.getByTestId('kyc-approve'));
    await waitFor(() => expect(screen.getByTestId('kyc-player-dofb').textContent).toBe('1988-03-09 (from the NID, locked)'));
    expect(fake.calls.find((c) => c.method === 'POST')!.opts).toMatchObject({ params: { id: 7 }, body: { dofb: '1988-03-09' } });
    expect(screen.queryByTestId('kyc-approve')).toBeNull();
  });

  it('asks for a new document only with a ticked kind and a reason', async () => {
    const { fake } = renderAt('/kyc/7', {
      'GET /api/operator/kyc/{id}': () => DETAIL,
      'POST /api/operator/kyc/{id}/request': () => ({ message: 'New document asked for; the player reads the reason.' }),
    });
    await screen.findByTestId('kyc-submission');
    fireEvent.click(screen.getByTestId('kyc-ask'));
    expect((await screen.findByTestId('kyc-error')).textContent).toBe('Tick the document(s) the player must send again.');
    fireEvent.click(screen.getByLabelText('NID back'));
    fireEvent.change(screen.getByLabelText(/Reason/), { target: { value: 'The back is blurred.' } });
    fireEvent.click(screen.getByTestId('kyc-ask'));
    expect((await screen.findByTestId('kyc-done')).textContent).toContain('New document asked for');
    expect(fake.calls.find((c) => c.method === 'POST')!.opts).toMatchObject({
      body: { kinds: ['nid_back'], reason: 'The back is blurred.' },
    });
  });
});
