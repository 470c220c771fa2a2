// The suspicious-transaction report (STR) as CSV for the BFIU (goAML-style): four blocks — the report (entity,
// officer), the subjects, the transactions in question (Dhaka time, GMT+6), the reason for suspicion — each a header
// row and its rows, written by the console's one CSV helper (formula-like cells neutralised).
import type { StaffStrReport } from '@khela/contracts';
import { toCsv } from '../../ui/csv';

export function strCsv(r: StaffStrReport): string {
  const report = toCsv(
    ['STR reference', 'Generated (GMT+6)', 'Reporting entity', 'Licence', 'Entity address', 'Country', 'Reporting officer', 'Officer role'],
    [
      [
        r.reference,
        r.generated_at,
        r.reporting_entity.name,
        r.reporting_entity.licence,
        r.reporting_entity.address,
        r.reporting_entity.country,
        r.reporting_officer.username,
        r.reporting_officer.role,
      ],
    ],
  );
  const subjects = toCsv(
    [
      'Subject player ID',
      'Username',
      'Full name',
      'Birthday',
      'Phone',
      'Other phones',
      'Email',
      'NID',
      'Address',
      'Account currency',
      'Account status',
      'Account opened (GMT+6)',
      'Wallet numbers used',
      'Linked accounts',
    ],
    r.subjects.map((s) => [
      s.player_id,
      s.username,
      s.name,
      s.birthday,
      s.phone,
      s.other_phones.join('; '),
      s.email,
      s.nid ?? 'not collected',
      s.address ?? 'not collected',
      s.currency,
      s.status,
      s.opened_at,
      s.wallet_numbers.join('; '),
      s.linked.map((l) => `${l.username} (${l.player_id}): ${l.reason} ${l.detail}`).join('; '),
    ]),
  );
  const transactions = toCsv(
    [
      'Transaction ID',
      'Date-time (GMT+6)',
      'Type',
      'Status',
      'Amount',
      'Currency',
      'Method',
      'Channel',
      'Payer number',
      'Payee number',
      'Payer reference',
    ],
    r.transactions.map((t) => [
      t.id,
      t.at,
      t.type,
      t.status,
      t.amount,
      t.currency,
      t.method,
      t.channel,
      t.payer_number,
      t.payee_number,
      t.reference,
    ]),
  );
  const reason = toCsv(
    ['Alert', 'Rule', 'Raised (GMT+6)', 'Reason for suspicion', 'Evidence', 'Alert state', 'Resolution'],
    [
      [
        r.suspicion.alert_id,
        r.suspicion.rule,
        r.suspicion.raised_at,
        r.suspicion.summary,
        r.suspicion.evidence === null ? '' : JSON.stringify(r.suspicion.evidence),
        r.suspicion.state,
        r.suspicion.resolution,
      ],
    ],
  );
  return [report, subjects, transactions, reason].join('\r\n\r\n');
}
