// Small pieces of the players screens. Badges, fields, errors, money and times are the kit's (@khela/web); the names
// the players screens import stay, so this file is the one place that maps them.
import { css } from '@emotion/react';
import { theme } from '@khela/web';

export { when, whenCell } from '../../ui/time';

export { StatusBadge, Select, TextArea, ErrorText as ErrorLine, Money as Amount } from '@khela/web';

/** 1 open / 0 blocked upline flag. */
export function FlagCell({ value }: { value: number }) {
  return (
    <span
      css={css`
        color: ${value ? theme.color.textMuted : theme.color.danger};
        font-weight: ${value ? 400 : 600};
      `}
    >
      {value ? 'open' : 'blocked'}
    </span>
  );
}
