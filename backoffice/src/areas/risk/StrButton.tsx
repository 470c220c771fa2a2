// "Export STR" (risk staff; nothing for other roles): asks the API for the report's data (audited there) and offers it as CSV (str.ts).
import { useState } from 'react';
import { staffRiskStr } from '@khela/contracts';
import { Button, ErrorText, errorText } from '@khela/web';
import { allows, useStaffAccount, useStaff } from '../../staff/context';
import { downloadCsv } from '../../ui/csv';
import { strCsv } from './str';

export function StrButton(props: { alert?: number; player?: number; onExported?: () => void }) {
  const { api } = useStaff();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const op = useStaffAccount();
  if (!allows(op, staffRiskStr.roles)) return null;
  async function run() {
    setBusy(true);
    setError(null);
    try {
      const r = await api.call(staffRiskStr, { query: props.alert ? { alert: props.alert } : { player: props.player } });
      downloadCsv(`${r.reference}.csv`, strCsv(r));
      props.onExported?.();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <Button variant="secondary" disabled={busy} onClick={() => void run()} data-testid="str-export">
        Export STR (CSV)
      </Button>
      <ErrorText>{error}</ErrorText>
    </>
  );
}
