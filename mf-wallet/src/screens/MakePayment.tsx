import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { css } from '@emotion/react';
import * as schemas from '@khela/contracts';
import { Button, Modal, Page, PageHeader, TextField, theme, useHost, useServerQuery } from '@khela/web';
import { MAKE_PAYMENT_BN } from '../i18n';

interface Preview {
  file: File;
  url: string;
}

/**
 * /make-payment (not guarded): the sending phone (11 digits, the deposit owner's), the transaction id (at least 7),
 * the deposit reference (?ref= from the payment-request page; required when not logged in), receipt images;
 * validation and result texts in Bengali as the spec has them.
 */
export function MakePayment() {
  const { t } = useTranslation('wallet');
  const { api, session } = useHost();
  const [phone, setPhone] = useState('');
  const [trx, setTrx] = useState('');
  const [params] = useSearchParams();
  const [reference, setReference] = useState(() => (params.get('ref') ?? '').slice(0, 20));
  const [files, setFiles] = useState<Preview[]>([]);
  const [errors, setErrors] = useState<{ phone?: string; trx?: string; reference?: string }>({});
  const [submitting, setSubmitting] = useState(false);
  const [modal, setModal] = useState<string | null>(null);

  // a logged-in player's own phone is offered (and filled in while the field is empty)
  const player = session.player$.value;
  const own = useServerQuery(
    schemas.userShowEndpoint,
    { query: { remote_id: player?.remoteId || undefined } },
    { enabled: Boolean(player), select: (r) => r.user.phone ?? null },
  );
  const ownPhone = own.data ?? null;
  const phones = ownPhone ? [ownPhone] : [];
  useEffect(() => {
    if (ownPhone) setPhone((p) => p || ownPhone);
  }, [ownPhone]);

  useEffect(() => () => files.forEach((f) => URL.revokeObjectURL(f.url)), [files]);

  const pick = (list: FileList | null) => {
    const images = [...(list ?? [])].filter((f) => f.type.startsWith('image/')).slice(0, schemas.RECEIPT_MAX_FILES);
    setFiles(images.map((file) => ({ file, url: URL.createObjectURL(file) })));
  };

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    const next: typeof errors = {};
    if (!/^\d{11}$/.test(phone.trim())) next.phone = MAKE_PAYMENT_BN.phoneInvalid;
    // the API's rule on the normalised id (invisible characters do not count): the spec's Bengali text when too short
    const trxCheck = schemas.checkPayerTrx(trx, { required: true });
    if (!trxCheck.ok) next.trx = trxCheck.problem === 'chars' ? schemas.PAYER_TRX_MESSAGES.chars.bn : MAKE_PAYMENT_BN.trxInvalid;
    if (!session.player$.value && !reference.trim()) next.reference = MAKE_PAYMENT_BN.referenceRequired;
    setErrors(next);
    if (next.phone || next.trx || next.reference) return;
    const form = new FormData();
    form.append('phone', phone.trim());
    form.append('transaction_id', trx.trim());
    if (reference.trim()) form.append('reference', reference.trim());
    for (const f of files) form.append('receipts', f.file, f.file.name);
    setSubmitting(true);
    try {
      // multipart: a raw request through the client, which adds the player's token
      const res = await api.send(schemas.MAKE_PAYMENT_PATH, { method: 'POST', body: form });
      const data = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok) return setModal(t('makePayment.failed', { message: data.message ?? res.statusText }));
      setModal(MAKE_PAYMENT_BN.success);
      setTrx('');
      setReference('');
      setFiles([]);
    } catch {
      setModal(MAKE_PAYMENT_BN.networkError);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Page>
      <PageHeader title={t('makePayment.title')} />
      <form onSubmit={submit} noValidate>
        <TextField
          label={t('makePayment.phone')}
          error={errors.phone}
          inputProps={{
            inputMode: 'numeric',
            value: phone,
            list: 'make-payment-phones',
            onChange: (e) => setPhone(e.target.value.replace(/\D/g, '').slice(0, 11)),
            name: 'phone',
          }}
        />
        <datalist id="make-payment-phones">
          {phones.map((p) => (
            <option key={p} value={p} />
          ))}
        </datalist>
        <TextField
          label={t('makePayment.trx')}
          error={errors.trx}
          inputProps={{
            value: trx,
            onChange: (e) => setTrx(e.target.value),
            name: 'transaction_id',
            autoComplete: 'off',
            maxLength: schemas.TRANSACTION_ID_MAX,
          }}
        />
        <TextField
          label={t('makePayment.reference')}
          error={errors.reference}
          inputProps={
            {
              value: reference,
              onChange: (e) => setReference(e.target.value.toUpperCase().slice(0, 20)),
              name: 'reference',
              autoComplete: 'off',
              'data-testid': 'make-payment-reference',
            } as React.InputHTMLAttributes<HTMLInputElement>
          }
        />
        <label
          css={css`
            display: block;
            margin-bottom: 14px;
            color: ${theme.color.textMuted};
            font-size: 14px;
          `}
        >
          {t('makePayment.receipts')}
          <input
            type="file"
            accept="image/*"
            multiple
            name="receipts"
            onChange={(e) => pick(e.target.files)}
            css={css`
              display: block;
              margin-top: 6px;
              color: ${theme.color.text};
            `}
          />
        </label>
        <div
          css={css`
            display: flex;
            flex-wrap: wrap;
            gap: 8px;
            margin-bottom: 14px;
          `}
        >
          {files.map((f) => (
            <img
              key={f.url}
              src={f.url}
              alt={f.file.name}
              css={css`
                max-height: 310px;
                max-width: 100%;
                border-radius: ${theme.radius.md};
              `}
            />
          ))}
        </div>
        <Button type="submit" block disabled={submitting} data-testid="make-payment-submit">
          {submitting ? t('submitting') : t('makePayment.submit')}
        </Button>
      </form>
      <Modal
        open={modal !== null}
        title={t('errorTitle')}
        onClose={() => setModal(null)}
        footer={<Button onClick={() => setModal(null)}>{t('close')}</Button>}
      >
        <p data-testid="make-payment-message">{modal}</p>
      </Modal>
    </Page>
  );
}
