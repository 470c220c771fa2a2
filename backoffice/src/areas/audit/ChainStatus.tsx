// The audit's hash chain, checked on demand (GET /api/operator/audit/chain): intact or the rows that were changed.
import { useState } from 'react';
import { css } from '@emotion/react';
import { staffAuditChain } from '@khela/contracts';
import { Badge, Button, DateTime, ErrorText, errorText, Muted } from '@khela/web';
import { useStaff } from '../../staff/context';

interface Report {
  ok: boolean;
  sealed: number;
  unsealed: number;
  head: number;
  problems: string[];
  checked_at: string;
}

export function ChainStatus() {
  const { api } = useStaff();
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function check() {
    setBusy(true);
    setError(null);
    try {
      setReport(await api.call(staffAuditChain));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  }

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
