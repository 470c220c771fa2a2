import { describe, expect, it } from 'vitest';
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { ErrorText, Field, KitDensity, Select, TextArea } from './forms';
import { CountBadge, DateTime, FactItem, Facts, Money, StatusBadge } from './display';
import { PageHeader } from './kit';
import { theme } from './theme';
import { globalStyles } from './global-styles';

/** Issue 29: the kit's form and display pieces, as a screen reader and a reader see them. */

function Form() {
  const [role, setRole] = useState<'support' | 'risk'>('support');
  const [reason, setReason] = useState('');
  return (
    <>
      <Select
        label="Role"
        value={role}
        options={[
          { value: 'support', label: 'Support' },
          { value: 'risk', label: 'Risk' },
        ]}
        onChange={setRole}
      />
      <TextArea label="Reason" value={reason} onChange={setReason} error={reason.length < 3 ? 'Give a reason.' : undefined} />
      <output>{`${role}:${reason}`}</output>
    </>
  );
}

describe('form pieces', () => {
  it('labels its controls, reports changes and announces the error until it is fixed', () => {
    render(<Form />);
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'risk' } });
    const reason = screen.getByLabelText('Reason');
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Give a reason.');
    expect(reason.getAttribute('aria-describedby')).toBe(alert.id);
    fireEvent.change(reason, { target: { value: 'checked the ID' } });
    expect(screen.getByText('risk:checked the ID')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(reason.getAttribute('aria-invalid')).toBeNull();
  });

  it('wraps plain children in its label, and ErrorText renders nothing without text', () => {
    render(
      <KitDensity value="dense">
        <Field label="Amount" error="Too large">
          <input />
        </Field>
        <ErrorText>{''}</ErrorText>
      </KitDensity>,
    );
    expect(screen.getByLabelText('Amount').tagName).toBe('INPUT');
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Too large']);
  });
});

describe('display pieces', () => {
  it('shows money in the language with the taka sign, negative in red, and a dash for none', async () => {
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <Money value="1000.5" currency="BDT" testId="m1" />
        <Money value="-12.00" testId="m2" />
        <Money value={null} testId="m3" />
      </I18nextProvider>,
    );
    expect(screen.getByTestId('m1').textContent).toBe('৳1,000.50');
    expect(screen.getByTestId('m2').textContent).toBe('-12.00');
    expect(getComputedStyle(screen.getByTestId('m2')).color).not.toBe(getComputedStyle(screen.getByTestId('m1')).color);
    expect(screen.getByTestId('m3').textContent).toBe('—');
  });

  it('shows a signed figure (a profit or loss) with its sign and colour: a gain green with +, a loss red, nil plain', async () => {
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <Money value="135.00" currency="BDT" signed testId="gain" />
        <Money value="-20.50" currency="BDT" signed testId="loss" />
        <Money value="0.00" currency="BDT" signed testId="nil" />
        <Money value="135.00" currency="BDT" testId="unsigned" />
      </I18nextProvider>,
    );
    const colour = (id: string) => getComputedStyle(screen.getByTestId(id)).color;
    expect(screen.getByTestId('gain').textContent).toBe('+৳135.00');
    expect(screen.getByTestId('loss').textContent).toBe('-৳20.50');
    expect(screen.getByTestId('nil').textContent).toBe('৳0.00');
    expect(screen.getByTestId('unsigned').textContent).toBe('৳135.00');
    const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
    expect(colour('gain')).toBe(rgb(theme.color.success));
    expect(colour('loss')).toBe(rgb(theme.color.danger));
    expect(colour('nil')).not.toBe(colour('gain'));
    expect(colour('unsigned')).not.toBe(colour('gain'));
  });

  it('titles a page with its actions beside, and counts what is unread (nothing at 0, 99+ above 99)', () => {
    render(
      <>
        <PageHeader title="Chats" actions={<button type="button">New chat</button>} />
        <CountBadge count={3} label="3 unread" testId="c3" />
        <CountBadge count={0} testId="c0" />
        <CountBadge count={120} testId="c120" />
      </>,
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Chats');
    expect(screen.getByRole('button', { name: 'New chat' })).toBeTruthy();
    expect(screen.getByLabelText('3 unread').textContent).toBe('3');
    expect(screen.queryByTestId('c0')).toBeNull();
    expect(screen.getByTestId('c120').textContent).toBe('99+');
  });

  it('lists a record as label/value pairs a screen reader reads as a description list', () => {
    render(
      <Facts>
        <FactItem label="Stake" testId="stake">
          ৳200.00
        </FactItem>
        <FactItem label="Odds">2.5</FactItem>
      </Facts>,
    );
    const terms = screen.getAllByRole('term').map((t) => t.textContent);
    const values = screen.getAllByRole('definition').map((d) => d.textContent);
    expect(terms).toEqual(['Stake', 'Odds']);
    expect(values).toEqual(['৳200.00', '2.5']);
    expect(screen.getByTestId('stake').tagName).toBe('DD');
  });

  it('shows an instant in Dhaka time with its label, whatever the zone of the browser', async () => {
    await i18n.changeLanguage('en');
    render(
      <I18nextProvider i18n={i18n}>
        <DateTime value="2026-11-21T17:40:05Z" zone testId="t" />
      </I18nextProvider>,
    );
    const t = screen.getByTestId('t');
    expect(t.textContent).toBe('2026-11-21 23:40:05 GMT+6');
    expect(t.getAttribute('datetime')).toBe('2026-11-21T17:40:05.000Z');
  });

  it('gives a status its tone case-insensitively', () => {
    render(
      <>
        <StatusBadge status="OPEN" testId="a" />
        <StatusBadge status="active" testId="b" />
        <StatusBadge status="disabled" testId="c" />
      </>,
    );
    const colour = (id: string) => getComputedStyle(screen.getByTestId(id)).color;
    expect(colour('a')).toBe(colour('b'));
    expect(colour('a')).not.toBe(colour('c'));
  });

  it('declares the Bengali font (with the taka sign) in the global styles', () => {
    expect(globalStyles.styles).toContain("font-family: 'Noto Sans Bengali'");
    expect(globalStyles.styles).toMatch(/U\+0980-09FE/);
    expect(globalStyles.styles).toMatch(/\.woff2/);
  });
});
