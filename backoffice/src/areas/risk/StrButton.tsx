// "Export STR" (risk staff; nothing for other roles): asks the API for the report's data (audited there) and offers it as CSV (str.ts).
import { staffRiskStr } from '@khela/contracts';
import { Button, ErrorText } from '@khela/web';
import { allows, useStaffAccount } from '../../staff/context';
import { useStaffChange } from '../../ui/query';
import { downloadCsv } from '../../ui/csv';
import { strCsv } from './str';

export function StrButton(props: { alert?: number; player?: number; onExported?: () => void }) {
  // the export is audited by the API: sent as a change (its history shows it afterwards)
  const change = useStaffChange();
  const op = useStaffAccount();
  if (!allows(op, staffRiskStr.roles)) return null;
  async function run() {
    const r = await change.run(staffRiskStr, { query: props.alert ? { alert: props.alert } : { player: props.player } });
    if (!r) return;
    downloadCsv(`${r.reference}.csv`, strCsv(r));
    props.onExported?.();
  }
  return (
    <>
      <Button variant="secondary" disabled={change.pending} onClick={() => void run()} data-testid="str-export">
        Export STR (CSV)
      </Button>
      <ErrorText>{change.errorText}</ErrorText>
    </>
  );
}
