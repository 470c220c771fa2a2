import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Spinner, useHost } from '@khela/web';

export type CodeType = 'referral_code' | 'affiliate_code' | 'agent_code';

/** /referral_code, /affiliate_code, /agent_code: keep the code for sign-up, alert when absent, go to /signup. */
export function CodeCapture({ type }: { type: CodeType }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { t } = useTranslation('account');
  const { session } = useHost();
  useEffect(() => {
    const code = params.get(type)?.trim();
    if (code) session.captureCode(type, code.slice(0, 32));
    else window.alert(t('capture.missing', { type }));
    navigate('/signup', { replace: true });
  }, []);
  return <Spinner />;
}
