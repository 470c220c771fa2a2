import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StaffPromotion } from '@khela/contracts';
import { fakeSession } from '../account/fake-session.test-util';
import { textIn } from './bilingual';
import { ResourceTab } from './ResourceTab';
import { marquee, promotions } from './resources';

/* Issue 34 item 2: the console edits each player text in English beside its Bangla, with a preview as the player sees it. */

const PROMO: StaffPromotion = {
  id: 7,
  name: 'Cricket Cashback 10%',
  name_bn: 'ক্রিকেট ক্যাশব্যাক ১০%',
  description: '<p>Ten percent back on cricket.</p>',
  description_bn: null,
  thumbnail: null,
  start_date: '2026-11-01',
  end_date: '2026-12-31',
  deposit_bonus_percent: 10,
  max_bonus: null,
  turnover: 1,
  categories: 4,
  status: 'display',
  sort_order: 0,
  created_at: '2026-11-01T00:00:00Z',
};

function openEditor() {
  const saved: unknown[] = [];
  const fake = fakeSession(
    { role: 'content' },
    {
      'GET /api/operator/content/promotions': () => ({ data: [PROMO], page: 1, per_page: 25, total: 1 }),
      'PUT /api/operator/content/promotions/{id}': (opts) => {
        saved.push(opts.body);
        return PROMO;
      },
    },
  );
  (fake.session.api as unknown as { url: (p: string) => string }).url = (p) => `http://api.test${p}`;
  render(fake.wrap(<ResourceTab config={promotions} />));
  return { saved };
}

const frame = () => screen.getByTestId('player-preview-frame');
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;

describe('textIn (the player site’s rule)', () => {
  it('shows the Bangla when written, the English when the Bangla is missing or blank', () => {
    expect(textIn('bn', 'Hello', 'হ্যালো')).toBe('হ্যালো');
    expect(textIn('bn', 'Hello', '  ')).toBe('Hello');
    expect(textIn('bn', 'Hello', null)).toBe('Hello');
    expect(textIn('en', 'Hello', 'হ্যালো')).toBe('Hello');
  });
});

describe('the bilingual editor with its player preview', () => {
  it('edits English and Bangla side by side; the preview follows the values and the chosen language', async () => {
    const { saved } = openEditor();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(field('Name — English').value).toBe('Cricket Cashback 10%');
    expect(field('Name — Bangla (বাংলা)').value).toBe('ক্রিকেট ক্যাশব্যাক ১০%');
    expect(field('Description (HTML allowed; sanitised on the site) — Bangla (বাংলা)').value).toBe('');

    // Bangla first: the Bangla name, the English text where no Bangla is written, Bengali digits in the figures
    expect(frame().getAttribute('lang')).toBe('bn');
    const preview = within(frame());
    expect(preview.getByRole('heading').textContent).toBe('ক্রিকেট ক্যাশব্যাক ১০%');
    expect(frame().textContent).toContain('Ten percent back on cricket.');
    expect(frame().textContent).toContain('২০২৬-১১-০১ – ২০২৬-১২-৩১');
    expect(frame().textContent).toContain('১০% বোনাস');

    fireEvent.change(field('Description (HTML allowed; sanitised on the site) — Bangla (বাংলা)'), {
      target: { value: '<p>ক্রিকেটে দশ শতাংশ ফেরত।</p>' },
    });
    expect(frame().textContent).toContain('ক্রিকেটে দশ শতাংশ ফেরত।');
    expect(frame().textContent).not.toContain('Ten percent back');

    fireEvent.click(screen.getByRole('button', { name: 'English' }));
    expect(frame().getAttribute('lang')).toBe('en');
    expect(within(frame()).getByRole('heading').textContent).toBe('Cricket Cashback 10%');
    expect(frame().textContent).toContain('Ten percent back on cricket.');
    expect(frame().textContent).toContain('2026-11-01 – 2026-12-31');

    // an emptied Bangla name: Bangla players see the English one
    fireEvent.change(field('Name — Bangla (বাংলা)'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'বাংলা' }));
    expect(within(frame()).getByRole('heading').textContent).toBe('Cricket Cashback 10%');

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatchObject({
      name: 'Cricket Cashback 10%',
      name_bn: '',
      description: '<p>Ten percent back on cricket.</p>',
      description_bn: '<p>ক্রিকেটে দশ শতাংশ ফেরত।</p>',
    });
  });

  it('shows the English and the Bangla in the list, and says when the Bangla is missing', async () => {
    const fake = fakeSession(
      { role: 'content' },
      {
        'GET /api/operator/content/marquee': () => ({
          data: [
            { id: 1, text: 'Cricket night', text_bn: 'ক্রিকেট রাত', status: 'active', start_date: null, end_date: null, sort_order: 0 },
            { id: 2, text: 'English only', text_bn: null, status: 'active', start_date: null, end_date: null, sort_order: 1 },
          ],
          page: 1,
          per_page: 25,
          total: 2,
        }),
      },
    );
    render(fake.wrap(<ResourceTab config={marquee} />));
    expect(await screen.findByText('ক্রিকেট রাত')).toBeTruthy();
    expect(screen.getByText('no Bangla yet')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Edit' })[1]!);
    expect(within(frame()).getByTestId('preview-marquee').textContent).toContain('English only');
    fireEvent.change(field('Text — Bangla (বাংলা)'), { target: { value: 'শুধু বাংলা' } });
    expect(within(frame()).getByTestId('preview-marquee').textContent).toContain('শুধু বাংলা');
  });
});
