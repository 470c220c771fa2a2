import { formatDhakaDateTime } from '@khela/web';

/**
 * The console's one format of a time: Dhaka wall clock to the second with its label, "2026-11-21 23:40:05 GMT+6"
 * (through the kit's one formatter; never raw UTC). A table column whose header carries "(GMT+6)" shows `whenCell`.
 */
export function when(iso: string | null | undefined): string {
  return iso ? `${formatDhakaDateTime(iso)} GMT+6` : '—';
}

/** The same without the label, for a table cell under a "… (GMT+6)" header. */
export function whenCell(iso: string | null | undefined): string {
  return iso ? formatDhakaDateTime(iso) : '—';
}
