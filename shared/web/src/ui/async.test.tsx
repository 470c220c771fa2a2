import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { i18n } from '../i18n';
import { AsyncState } from './async';

const loaded = <T,>(data: T) => ({ data, error: null, isPending: false, refetch: () => undefined });

describe('AsyncState, an empty answer', () => {
  it('shows the No Data block by default, and nothing at all with empty={null}', () => {
    const { container, rerender } = render(
      <I18nextProvider i18n={i18n}>
        <AsyncState query={loaded<string[]>([])} isEmpty={(d) => d.length === 0}>
          {(d) => <p>{d.join()}</p>}
        </AsyncState>
      </I18nextProvider>,
    );
    expect(container.textContent).not.toBe('');
    rerender(
      <I18nextProvider i18n={i18n}>
        <AsyncState query={loaded<string[]>([])} isEmpty={(d) => d.length === 0} empty={null}>
          {(d) => <p>{d.join()}</p>}
        </AsyncState>
      </I18nextProvider>,
    );
    expect(container.textContent).toBe('');
    rerender(
      <I18nextProvider i18n={i18n}>
        <AsyncState query={loaded(['a', 'b'])} isEmpty={(d) => d.length === 0} empty={null}>
          {(d) => <p>{d.join()}</p>}
        </AsyncState>
      </I18nextProvider>,
    );
    expect(screen.getByText('a,b')).toBeTruthy();
  });
});
