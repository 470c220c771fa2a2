// "Pending transfers" (issue 30): every transfer to or from a provider's own wallet still pending after 5 minutes,
// across players. The reconciler keeps asking the providers on its own; here a payments operator re-queries one now
// and, once the provider answered, resolves it by that answer with a reason (audited). Support and risk read the same
// list (mounted in the players area for them, /players/pending-transfers).
import { useState } from 'react';
import { staffPendingProviderTransfers } from '@khela/contracts';
import { AsyncState, Button, NoData, Select } from '@khela/web';
import { Toolbar } from '../../ui/layout';
import { useStaffQuery } from '../../ui/query';
import { TransferTable } from './ProviderTransfers';

/** Pending longer than this is listed (default 5 minutes: a transfer's answer normally comes within seconds). */
const AGES = [
  { value: '300', label: '5 minutes' },
  { value: '60', label: '1 minute' },
  { value: '0', label: 'any time' },
] as const;
type Age = (typeof AGES)[number]['value'];

export function PendingTransfers() {
  const [age, setAge] = useState<Age>('300');
  const q = useStaffQuery(staffPendingProviderTransfers, { query: { older_than: Number(age) } }, { keepPrevious: true });
  return (
    <section data-testid="pending-transfers">
      <h2>Pending transfers</h2>
      <Toolbar>
        <Select<Age>
          label="Pending for more than"
          inline
          value={age}
          onChange={setAge}
          options={[...AGES]}
          testId="pending-transfers-age"
        />
        <Button variant="secondary" disabled={q.isFetching} onClick={() => void q.refetch()} data-testid="pending-transfers-refresh">
          Refresh
        </Button>
      </Toolbar>
      <p style={{ fontSize: 13, margin: '0 0 8px' }}>
        Transfers to or from a provider's wallet still waiting for the provider's answer. The reconciler keeps asking on its own; Re-query
        asks the provider now, and Resolve follows its answer only (applied: confirmed; refused or never seen: reversed).
      </p>
      <AsyncState query={q} isEmpty={(d) => d.data.length === 0} empty={<NoData text="No transfer pending for that long." />}>
        {(d) => <TransferTable rows={d.data} showPlayer onChanged={() => void q.refetch()} testId="pending-transfers-table" />}
      </AsyncState>
    </section>
  );
}
