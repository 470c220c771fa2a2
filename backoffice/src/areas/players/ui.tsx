// A small piece of the players screens (badges, fields, errors, money are the kit's, @khela/web; times ui/time.ts).
import { css } from '@emotion/react';
import { theme } from '@khela/web';

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
