import { useTranslation } from 'react-i18next';
import { theme } from '../ui/theme';

/**
 * What a form says about the proof-of-work check: "Verifying…" while the device solves it, and (with `note`) a line
 * saying the check runs by itself on submit (the desktop registration, where it replaced the image captcha).
 */
export function ChallengeStatus({ verifying, note = false }: { verifying: boolean; note?: boolean }) {
  const { t } = useTranslation('common');
  if (verifying) {
    return (
      <p role="status" aria-live="polite" data-testid="challenge-verifying" css={{ fontWeight: 600, margin: '8px 0' }}>
        {t('challenge.verifying')}
      </p>
    );
  }
  return note ? <p css={{ color: theme.color.textMuted, fontSize: 13, margin: '8px 0' }}>{t('challenge.note')}</p> : null;
}
