import { useEffect, useState } from 'react';
import { css } from '@emotion/react';
import { staffLogo, staffSettings, staffUpdateLogo, staffUpdateSettings, type StaffSettings } from '@khela/contracts';
import { Button, Card, Spinner, theme, Muted } from '@khela/web';
import { BilingualText, MarqueePreview, PlayerPreview, textIn } from './bilingual';
import { Toolbar, CardHeading, Outcome } from '../../ui/layout';
import { useStaffChange, useStaffQuery } from '../../ui/query';
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

const Msg = ({ m }: { m: { ok: boolean; text: string } | null }) => <Outcome message={m} />;

const toValues = (s: StaffSettings): Values => ({
  site_title: s.site_title,
  system_notice: s.system_notice ?? '',
  system_notice_bn: s.system_notice_bn ?? '',
  support_mail: s.support_mail ?? '',
  ...Object.fromEntries(CONTACTS.map(([k]) => [k, s[k] ?? ''])),
});

export function SettingsTab() {
  const read = useStaffQuery(staffSettings);
  const settings: StaffSettings | null = read.data ?? null;
  // the form: the settings as read first, then as each save answered (a later read does not overwrite what is typed)
  const [values, setValues] = useState<Values | null>(null);
  useEffect(() => {
    if (read.data && values === null) setValues(toValues(read.data));
  }, [read.data, values]);
  const change = useStaffChange();
  const [done, setDone] = useState<string | null>(null);
  const failure = change.error ? errorsOf(change.error) : read.error && !settings ? errorsOf(read.error) : null;
  const errors: Errors = failure?.fields ?? {};
  const msg = failure ? { ok: false, text: failure.message } : done ? { ok: true, text: done } : null;

  async function send(body: Values, text: string) {
    const s = await change.run(staffUpdateSettings, { body });
    if (!s) return;
    setValues(toValues(s));
    setDone(text);
  }

  if (!settings || !values) return msg ? <Msg m={msg} /> : <Spinner label="Loading settings" />;
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
        <CardHeading>Site status</CardHeading>
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
          disabled={change.pending}
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
          <CardHeading>General settings</CardHeading>
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
            <Button type="submit" disabled={change.pending}>
              Save settings
            </Button>
            <Muted>Last change: {when(settings.updated_at)}. The withdrawal switch is under Payments.</Muted>
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
  const read = useStaffQuery(staffLogo);
  const [values, setValues] = useState<Values | null>(null);
  useEffect(() => {
    if (read.data && values === null) setValues(logoValues(read.data));
  }, [read.data, values]);
  const change = useStaffChange();
  const [done, setDone] = useState<string | null>(null);
  const failure = change.error ? errorsOf(change.error) : read.error && !values ? errorsOf(read.error) : null;
  const errors: Errors = failure?.fields ?? {};
  const msg = failure ? { ok: false, text: failure.message } : done ? { ok: true, text: done } : null;
  if (!values) return msg ? <Msg m={msg} /> : <Spinner label="Loading logos" />;
  const set = (k: string) => (v: string) => setValues((x) => ({ ...x, [k]: v }));
  return (
    <Card data-testid="content-logos">
      <Msg m={msg} />
      <form
        aria-label="Logos"
        onSubmit={async (e) => {
          e.preventDefault();
          const l = await change.run(staffUpdateLogo, { body: values as never });
          if (!l) return;
          setValues(logoValues(l));
          setDone('Logos saved.');
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
