// "Pending transfers" (issue 30): every transfer to or from a provider's own wallet still pending after 5 minutes,
// across players. The reconciler keeps asking the providers on its own; here a payments operator re-queries one now
// and, once the provider answered, resolves it by that answer with a reason (audited). Support and risk read the same
// list (mounted in the players area for them, /players/pending-transfers).
import { useCallback } from 'react';
import { staffPendingProviderTransfers } from '@khela/contracts';
import { AsyncState, Button, NoData } from '@khela/web';
import { useStaff } from '../../staff/context';
import { Toolbar } from '../../ui/layout';
import { TransferTable, useStaffRead } from './ProviderTransfers';

/** Pending longer than this (seconds) is listed: a transfer's answer normally comes within seconds. */
export const PENDING_OLDER_THAN = 300;

export function PendingTransfers() {
  const { api } = useStaff();
  const load = useCallback(() => api.call(staffPendingProviderTransfers, { query: { older_than: PENDING_OLDER_THAN } }), [api]);
  const q = useStaffRead(load);
  return (
    <section data-testid="pending-transfers">
      <h2>Pending transfers</h2>
      <Toolbar>
        <span style={{ fontSize: 13 }}>
          Transfers to or from a provider's wallet still pending after 5 minutes. Re-query asks the provider now; Resolve follows its answer
          only (applied: confirmed; refused or never seen: reversed).
        </span>
        <Button variant="secondary" disabled={q.isFetching} onClick={() => void q.refetch()} data-testid="pending-transfers-refresh">
          Refresh
        </Button>
      </Toolbar>
      <AsyncState
        query={q}
        isEmpty={(d) => d.data.length === 0}
        empty={<NoData text="No transfer has been pending for more than 5 minutes." />}
      >
        {(d) => <TransferTable rows={d.data} showPlayer onChanged={() => void q.refetch()} testId="pending-transfers-table" />}
      </AsyncState>
    </section>
  );
}
