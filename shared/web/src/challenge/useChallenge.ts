import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, type ApiClient } from '../api/client';
import { CHALLENGE_HEADER, challengeEndpoint, encodeChallengePayload, isChallengeRequired } from '@khela/contracts';
import { solveChallenge } from './solver';

/** Sends a request; `headers` carries the solved challenge on a retry. */
export type ChallengedSend<T> = (headers: Record<string, string>) => Promise<T>;

/**
 * Runs a request that the API may answer 428 `challenge_required` (sign-up, log-in, codes, password recovery on
 * unusual volume; desktop registration always): fetches a challenge, solves it in Web Workers while `verifying` is
 * true (the screen shows "Verifying…"), and sends the request again with the X-Challenge header. `always` solves
 * one before the first attempt. A second 428 (the solved challenge expired meanwhile) gets one more try.
 */
export function useChallenge(api: ApiClient) {
  const { t } = useTranslation('common');
  const [verifying, setVerifying] = useState(false);
  const solved = useCallback(async (): Promise<Record<string, string>> => {
    setVerifying(true);
    try {
      const challenge = await api.call(challengeEndpoint);
      const payload = await solveChallenge(challenge).catch(() => {
        throw new Error(t('challenge.failed'));
      });
      return { [CHALLENGE_HEADER]: encodeChallengePayload(payload) };
    } finally {
      setVerifying(false);
    }
  }, [api, t]);
  const run = useCallback(
    async <T>(send: ChallengedSend<T>, opts: { always?: boolean } = {}): Promise<T> => {
      let headers = opts.always ? await solved() : {};
      for (let attempt = 0; ; attempt++) {
        try {
          return await send(headers);
        } catch (err) {
          if (attempt >= 2 || !(err instanceof ApiError) || !isChallengeRequired(err.status, err.data)) throw err;
          headers = await solved();
        }
      }
    },
    [solved],
  );
  return { verifying, run };
}
