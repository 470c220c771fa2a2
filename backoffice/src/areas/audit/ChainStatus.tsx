// The audit's hash chain, checked on demand (GET /api/operator/audit/chain): intact or the rows that were changed.
import { css } from '@emotion/react';
import { staffAuditChain } from '@khela/contracts';
import { Badge, Button, DateTime, ErrorText, errorText, Muted } from '@khela/web';
import { useStaffQuery } from '../../ui/query';

interface Report {
  ok: boolean;
  sealed: number;
  unsealed: number;
  head: number;
  problems: string[];
  checked_at: string;
}

export function ChainStatus() {
  // checked on demand only (it reads the whole chain): the button asks, the last report stays shown
  const q = useStaffQuery(staffAuditChain, {}, { enabled: false });
  const report: Report | null = q.data ?? null;
  const error = q.error ? errorText(q.error) : null;
  const busy = q.isFetching;
  const check = () => q.refetch();

  return (
    <div
      data-testid="audit-chain"
      css={css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: 8px 12px;
        margin-bottom: 12px;
        font-size: 13px;
      `}
    >
      <Button variant="secondary" onClick={() => void check()} disabled={busy}>
        Verify hash chain
      </Button>
      {report && (
        <>
          <Badge tone={report.ok ? 'success' : 'danger'} testId="audit-chain-state">
            {report.ok ? 'Intact' : 'Broken'}
          </Badge>
          <span>
            {report.sealed} sealed up to #{report.head}; {report.unsealed} awaiting the seal job · checked{' '}
            <DateTime value={report.checked_at} zone />
          </span>
          {report.problems.length > 0 && (
            <ul
              data-testid="audit-chain-problems"
              css={css`
                flex-basis: 100%;
                margin: 0;
                padding-left: 18px;
              `}
            >
              {report.problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          )}
        </>
      )}
      {!report && !error && <Muted>Rows are sealed in a hash chain after they commit; a changed or deleted row breaks it.</Muted>}
      <ErrorText>{error}</ErrorText>
    </div>
  );
}
