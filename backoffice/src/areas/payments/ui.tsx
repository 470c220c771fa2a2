// Small shared pieces of the payments and reports screens, on the kit (@khela/web).
import type { ReactNode } from 'react';
import { Badge, Field, formatDhakaDateTime, Select as KitSelect, type Option } from '@khela/web';

export { errorText } from '@khela/web';

/** A labelled control whose id the label points at: the kit's Field, handing the control its id. */
export function Labelled(props: { label: string; children: (id: string) => ReactNode; error?: string; hint?: string }) {
  return (
    <Field label={props.label} error={props.error} hint={props.hint}>
      {(f) => props.children(f.id)}
    </Field>
  );
}

/** A toolbar filter: the kit's Select with its label on the same line. */
export function Select<V extends string>(props: { label: string; value: V; options: readonly Option<V>[]; onChange: (v: V) => void }) {
  return <KitSelect inline {...props} />;
}

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

/** A Dhaka wall-clock time (the staff and the players' day), through the one formatter; empty when there is none. */
export function dhakaTime(iso: string | null): string {
  return iso ? formatDhakaDateTime(iso) : '';
}
