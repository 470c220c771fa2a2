import { useState } from 'react';
import { useErrorText } from './text';

/**
 * The submit state the limit forms share: busy while the call runs, then its success message or the error text of the
 * failure (a protection refusal in the player's language, a field error, or the API's message).
 */
export function useSubmit() {
  const errorText = useErrorText();
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Runs the call; what it resolves to is the message shown on success. */
  const run = async (call: () => Promise<string | null>) => {
    setBusy(true);
    setError(null);
    setMessage(null);
    try {
      setMessage(await call());
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  /** A form check that failed before any call: its text, and no success message. */
  const fail = (text: string) => {
    setMessage(null);
    setError(text);
  };

  return { busy, error, message, run, fail };
}
