import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { staffLogo, staffSettings, staffUpdateLogo, staffUpdateSettings, type StaffSettings } from '@khela/contracts';
import { Button, Card, Spinner, theme } from '@khela/web';
import { BilingualText, MarqueePreview, PlayerPreview, textIn } from './bilingual';
import { Toolbar } from '../../ui/layout';
import { useStaff } from '../../staff/context';
import { formGrid, ImageField, TextInput } from './fields';
import { errorsOf, type Errors, type Values } from './ResourceTab';
import { when } from '../../ui/time';

/* General settings (title, maintenance, notice, support mail, contact links) and the logo record. */

const CONTACTS = [
  ['whatsapp', 'WhatsApp'],
  ['facebook', 'Facebook'],
  ['telegram', 'Telegram'],
  ['live_chat', 'Live chat'],
  ['intercom', 'Intercom'],
  ['tawk_id', 'Tawk.to id'],
] as const;

const Msg = ({ m }: { m: { ok: boolean; text: string } | null }) =>
  m && (
    <p
      role={m.ok ? 'status' : 'alert'}
      css={css`
        color: ${m.ok ? theme.color.success : theme.color.danger};
      `}
    >
      {m.text}
    </p>
  );

const toValues = (s: StaffSettings): Values => ({
  site_title: s.site_title,
  system_notice: s.system_notice ?? '',
  system_notice_bn: s.system_notice_bn ?? '',
  support_mail: s.support_mail ?? '',
  ...Object.fromEntries(CONTACTS.map(([k]) => [k, s[k] ?? ''])),
});

export function SettingsTab() {
  const { api } = useStaff();
  const [settings, setSettings] = useState<StaffSettings | null>(null);
  const [values, setValues] = useState<Values>({});
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    api.call(staffSettings).then(
      (s) => {
        setSettings(s);
        setValues(toValues(s));
      },
      (err) => setMsg({ ok: false, text: errorsOf(err).message }),
    );
  }, [api]);

  async function send(body: Values, done: string) {
    setBusy(true);
    setErrors({});
    try {
      const s = await api.call(staffUpdateSettings, { body });
      setSettings(s);
      setValues(toValues(s));
      setMsg({ ok: true, text: done });
    } catch (err) {
      const e = errorsOf(err);
      setErrors(e.fields);
      setMsg({ ok: false, text: e.message });
    } finally {
      setBusy(false);
    }
  }

  if (!settings) return msg ? <Msg m={msg} /> : <Spinner label="Loading settings" />;
  const maintenance = settings.site_status === 0;
  const set = (k: string) => (v: string) => setValues((x) => ({ ...x, [k]: v }));
  return (
    <div data-testid="content-settings">
      <Msg m={msg} />
      <Card
        css={css`
          margin-bottom: 12px;
          border-color: ${maintenance ? theme.color.danger : theme.color.border};
        `}
      >
        <h2
          css={css`
            margin-top: 0;
          `}
        >
          Site status
        </h2>
        <p data-testid="site-status">
          The player site is{' '}
          <strong
            css={css`
              color: ${maintenance ? theme.color.danger : theme.color.success};
            `}
          >
            {maintenance ? 'in maintenance (site_status 0)' : 'open (site_status 1)'}
          </strong>
          .{' '}
          {maintenance
            ? 'Players see the maintenance page on every page.'
            : 'Turning maintenance on shows players the maintenance page at their next page load.'}
        </p>
        <Button
          type="button"
          variant={maintenance ? 'primary' : 'danger'}
          disabled={busy}
          onClick={() => {
            if (!maintenance && !window.confirm('Put the whole player site into maintenance?')) return;
            void send({ site_status: maintenance ? 1 : 0 }, maintenance ? 'The site is open again.' : 'The site is in maintenance.');
          }}
        >
          {maintenance ? 'End maintenance' : 'Start maintenance'}
        </Button>
      </Card>
      <Card>
        <form
          aria-label="General settings"
          onSubmit={(e) => {
            e.preventDefault();
            void send(values, 'Settings saved.');
          }}
        >
          <h2
            css={css`
              margin-top: 0;
            `}
          >
            General settings
          </h2>
          <div css={formGrid}>
            <TextInput label="Site title" value={values.site_title} onChange={set('site_title')} error={errors.site_title} />
            <TextInput
              label="Support e-mail"
              type="email"
              value={values.support_mail}
              onChange={set('support_mail')}
              error={errors.support_mail}
            />
            {CONTACTS.map(([k, label]) => (
              <TextInput key={k} label={label} value={values[k]} onChange={set(k)} error={errors[k]} />
            ))}
            <BilingualText
              rows={4}
              label="System notice (popup after log-in; scrolls on the home page when no marquee message is active)"
              en={values.system_notice}
              bn={values.system_notice_bn}
              onEn={set('system_notice')}
              onBn={set('system_notice_bn')}
              errorEn={errors.system_notice}
              errorBn={errors.system_notice_bn}
            />
            <div
              css={css`
                grid-column: 1 / -1;
              `}
            >
              <PlayerPreview render={(locale) => <MarqueePreview text={textIn(locale, values.system_notice, values.system_notice_bn)} />} />
            </div>
            <TextInput label="Note for the audit log" value={values.note ?? ''} onChange={set('note')} error={errors.note} wide />
          </div>
          <Toolbar>
            <Button type="submit" disabled={busy}>
              Save settings
            </Button>
            <span
              css={css`
                font-size: 12px;
                color: ${theme.color.textMuted};
              `}
            >
              Last change: {when(settings.updated_at)}. The withdrawal switch is under Payments.
            </span>
          </Toolbar>
        </form>
      </Card>
    </div>
  );
}

const str = (v: unknown) => (v ? String(v) : '');
const logoValues = (l: Values): Values => ({
  logo: str(l.logo),
  mobile_logo: str(l.mobile_logo),
  loader_logo: str(l.loader_logo),
  favicon: str(l.favicon),
});

export function LogoTab() {
  const { api } = useStaff();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [msg, setMsg] = useState<{ ok: boolean; text: string } | null>(null);
  const load = (l: Values) => setValues(logoValues(l));
  useEffect(() => {
    api.call(staffLogo).then(
      (l) => setValues(logoValues(l)),
      (err) => setMsg({ ok: false, text: errorsOf(err).message }),
    );
  }, [api]);
  if (!values) return msg ? <Msg m={msg} /> : <Spinner label="Loading logos" />;
  const set = (k: string) => (v: string) => setValues((x) => ({ ...x, [k]: v }));
  return (
    <Card data-testid="content-logos">
      <Msg m={msg} />
      <form
        aria-label="Logos"
        onSubmit={async (e) => {
          e.preventDefault();
          setErrors({});
          try {
            load(await api.call(staffUpdateLogo, { body: values as never }));
            setMsg({ ok: true, text: 'Logos saved.' });
          } catch (err) {
            const x = errorsOf(err);
            setErrors(x.fields);
            setMsg({ ok: false, text: x.message });
          }
        }}
      >
        <div css={formGrid}>
          <ImageField label="Logo (desktop)" value={values.logo} onChange={set('logo')} error={errors.logo} />
          <ImageField label="Mobile logo" value={values.mobile_logo} onChange={set('mobile_logo')} error={errors.mobile_logo} />
          <ImageField
            label="Loader (splash)"
            value={values.loader_logo}
            onChange={set('loader_logo')}
            error={errors.loader_logo}
            optional
          />
          <ImageField label="Favicon" value={values.favicon} onChange={set('favicon')} error={errors.favicon} optional />
        </div>
        <Button type="submit">Save logos</Button>
      </form>
    </Card>
  );
}
