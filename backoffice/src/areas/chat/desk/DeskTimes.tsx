// The desk's first-response and resolution times of the last 24 hours, above the panes.
import { css } from '@emotion/react';
import type { DeskTimes } from '@khela/contracts';
import { theme } from '@khela/web';
import { duration } from './times';

/** The desk's first-response and resolution times of the last 24 hours (median, with the mean beside it). */
export function DeskTimesLine({ times: t }: { times: DeskTimes }) {
  return (
    <div
      data-testid="desk-times"
      css={css`
        font-size: 13px;
        color: ${theme.color.textMuted};
        margin: 0 0 8px;
        strong {
          color: ${theme.color.text};
        }
      `}
    >
      Last 24 h · first response: median <strong>{duration(t.first_response_median_seconds)}</strong> (mean{' '}
      {duration(t.first_response_avg_seconds)}) over {t.answered} answered, {t.unanswered} still waiting · resolution: median{' '}
      <strong>{duration(t.resolution_median_seconds)}</strong> (mean {duration(t.resolution_avg_seconds)}) over {t.resolved} closed
      {t.by_operator && t.by_operator.length > 0 && (
        <details data-testid="desk-times-operators">
          <summary>By operator ({t.by_operator.length})</summary>
          <table
            css={css`
              border-collapse: collapse;
              margin-top: 4px;
              th,
              td {
                padding: 2px 10px 2px 0;
                text-align: left;
                white-space: nowrap;
              }
            `}
          >
            <thead>
              <tr>
                <th>Operator</th>
                <th>First responses</th>
                <th>Median (mean)</th>
                <th>Closed</th>
                <th>Median (mean)</th>
              </tr>
            </thead>
            <tbody>
              {t.by_operator.map((o) => (
                <tr key={o.operator_id} data-testid={`desk-times-${o.username}`}>
                  <td>{o.username}</td>
                  <td>{o.answered}</td>
                  <td>
                    {duration(o.first_response_median_seconds)} ({duration(o.first_response_avg_seconds)})
                  </td>
                  <td>{o.resolved}</td>
                  <td>
                    {duration(o.resolution_median_seconds)} ({duration(o.resolution_avg_seconds)})
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </div>
  );
}
