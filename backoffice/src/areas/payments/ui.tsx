// Small shared pieces of the payments and reports screens: a request's status (fields, selects and times are the
// kit's and ui/time.ts's).
import { Badge } from '@khela/web';

export { errorText } from '@khela/web';

const STATUS = ['Pending', 'Approved', 'Rejected'] as const;
const TONE = ['warning', 'success', 'danger'] as const;

export function StatusTag(props: { status: 0 | 1 | 2 }) {
  return (
    <Badge tone={TONE[props.status]} variant="solid">
      {STATUS[props.status]}
    </Badge>
  );
}

export const statusLabel = (s: 0 | 1 | 2) => STATUS[s];
