import { useRef, useState } from 'react';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import * as schemas from '@khela/contracts';
import { ApiError, theme } from '@khela/web';
import { refusalText } from './refusals';

/**
 * A change the player confirms (an edit of a bet, a cash-out) sent under one idempotency key: the key is kept across
 * a retry after a network failure (the first try may have arrived) and dropped once the server answered, either way.
 * `busy` while it runs; `error` the server's refusal in the player's language. `send` resolves to the answer, or to
 * undefined when it failed (the error is shown); `failed` sees the ApiError first (e.g. to ask a new quote on 409).
 */
export function useKeyedSend() {
  const { i18n } = useTranslation('exchange');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const keyRef = useRef<string | null>(null);
  const send = async <R>(run: (key: string) => Promise<R>, failed?: (err: ApiError) => void): Promise<R | undefined> => {
    keyRef.current ??= schemas.newIdempotencyKey();
    setBusy(true);
    setError(null);
    try {
      const answer = await run(keyRef.current);
      keyRef.current = null;
      return answer;
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      if (!e?.network) keyRef.current = null;
      setError(e ? refusalText(e.message, i18n.language) : String(err));
      if (e) failed?.(e);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  /** A new request (another quote): the next send gets a key of its own. */
  const forget = () => void (keyRef.current = null);
  return { busy, setBusy, error, setError, send, forget };
}

/**
 * The small buttons of these forms (an edit's Close and Save, a cash-out's what and how much): brand-filled when `on`
 * (the primary action, the chosen option), outlined otherwise; `pill` for a choice among options.
 */
export const formButtonCss = (on: boolean, pill = false) => css`
  appearance: none;
  border: 1px solid ${on ? theme.color.brand : theme.color.border};
  background: ${on ? theme.color.brand : 'transparent'};
  color: ${on ? theme.color.brandText : theme.color.text};
  border-radius: ${pill ? theme.radius.pill : theme.radius.sm};
  min-height: 36px;
  padding: 0 12px;
  font: inherit;
  font-size: 13px;
  font-weight: 700;
  cursor: pointer;
  &:disabled {
    opacity: 0.6;
    cursor: default;
  }
`;
