import '@khela/web/test/mock-shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { i18n } from '@khela/web';
import { resetHost, responders, calls, testHost } from '@khela/web/test/fake-host';
import type { KycState } from '@khela/contracts';
import { renderScreen } from '../../test/render';
import { Profile } from '../screens/Profile';
import { bn, en } from './i18n';

const user = {
  id: 1,
  username: 'player1234',
  name: null,
  phone: '01712345678',
  email: null,
  vip_coin: 0,
  session_id: '1',
  created_at: '2024-01-01T00:00:00Z',
  dofb: '1990-01-01' as string | null,
  email_verified_at: null,
  balance: '0.00',
  currency: 'BDT',
  referral_code: 'R',
  cash_bonus: '0.00',
};
const none: KycState = {
  status: 'none',
  reason: null,
  requested: ['nid_front', 'nid_back', 'selfie'],
  documents: [],
  submitted_at: null,
  decided_at: null,
  birthday_locked: false,
  max_bytes: 1024 * 1024,
};
const photo = (size = 2000, name = 'nid.jpg') => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

beforeEach(async () => {
  resetHost();
  localStorage.setItem('token', 't');
  responders.set('GET /api/user/show', () => ({ user }));
  responders.set('GET /api/get/other/phone', () => ({ data: [] }));
  await i18n.changeLanguage('en');
});
afterEach(() => vi.restoreAllMocks());

describe('Identity on /profile', () => {
  it('uploads a document as multipart, shows the new state, and says a refusal by its code', async () => {
    responders.set('GET /api/kyc', () => none);
    responders.set('POST /api/kyc/documents/nid_front', () =>
      Response.json({
        ...none,
        requested: ['nid_back', 'selfie'],
        documents: [{ kind: 'nid_front', uploaded_at: '2026-11-27T06:00:00Z' }],
      }),
    );
    responders.set('POST /api/kyc/documents/nid_back', () =>
      Response.json({ code: 'kyc_file_type', message: 'Upload a photo as JPEG, PNG or WebP.' }, { status: 415 }),
    );
    renderScreen(<Profile />, '/profile');
    expect((await screen.findByTestId('kyc-status')).textContent).toBe(en.status.none);
    fireEvent.change(screen.getByTestId('kyc-file-nid_front'), { target: { files: [photo()] } });
    expect((await screen.findByTestId('kyc-nid_front')).textContent).toContain('Uploaded');
    const sent = calls.find((c) => c.path === '/api/kyc/documents/nid_front')!;
    expect((sent.opts.body as FormData).get('file')).toBeInstanceOf(File);
    // the camera input asks for the phone's camera
    expect(screen.getByTestId('kyc-camera-selfie').getAttribute('capture')).toBe('user');
    expect(screen.getByTestId('kyc-camera-nid_back').getAttribute('accept')).toBe('image/*');
    fireEvent.change(screen.getByTestId('kyc-file-nid_back'), { target: { files: [photo()] } });
    expect((await screen.findByTestId('kyc-error')).textContent).toBe(en.errors.kyc_file_type);
    // too large: refused before sending
    const before = calls.length;
    fireEvent.change(screen.getByTestId('kyc-file-selfie'), { target: { files: [photo(2 * 1024 * 1024)] } });
    expect((await screen.findByTestId('kyc-error')).textContent).toBe('The photo is too large (at most 1 MB).');
    expect(calls.length).toBe(before);
  });

  it('says in Bangla what staff asked for, and the birthday locked from the NID once verified', async () => {
    responders.set('GET /api/kyc', () => ({ ...none, status: 'rejected', requested: ['nid_back'], reason: 'Blurred.' }));
    renderScreen(<Profile />, '/profile');
    await screen.findByTestId('kyc-rejected');
    await act(async () => {
      testHost.session.setLocale('bn');
      await i18n.changeLanguage('bn');
    });
    expect(screen.getByTestId('kyc-status').textContent).toBe(bn.status.resubmit);
    expect(screen.getByTestId('kyc-rejected').textContent).toContain(bn.kinds.nid_back);
    expect(screen.getByTestId('kyc-reason').textContent).toBe('কারণ: Blurred.');
    await act(async () => void (await i18n.changeLanguage('en')));
  });

  it('verified: no upload buttons, the birthday says it comes from the NID', async () => {
    responders.set('GET /api/kyc', () => ({ ...none, status: 'verified', requested: [], birthday_locked: true }));
    renderScreen(<Profile />, '/profile');
    expect((await screen.findByTestId('kyc-status')).textContent).toBe(en.status.verified);
    expect((await screen.findByTestId('dob-nid-locked')).textContent).toBe(en.birthdayLocked);
    expect(screen.queryByTestId('kyc-file-selfie')).toBeNull();
  });
});
