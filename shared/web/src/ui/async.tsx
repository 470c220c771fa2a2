import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, NoData, Spinner } from './kit';
import { ErrorText, errorText } from './forms';

/** The part of a query result an async block reads (TanStack Query's UseQueryResult has it). */
export interface AsyncQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
  isFetching?: boolean;
}

/**
 * The three states of server data in one place: a spinner while it comes, the error with Retry when it failed, the
 * children with the data once there (a later failed refresh keeps the data shown). `isEmpty` + `empty` show the
 * "No Data" block instead of an empty list.
 */
export function AsyncState<T>(props: {
  query: AsyncQuery<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What to show while loading (default: the kit's spinner). */
  loading?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const { query } = props;
  if (query.data !== undefined) {
    if (props.isEmpty?.(query.data)) return <>{props.empty ?? <NoData />}</>;
    return <>{props.children(query.data)}</>;
  }
  if (query.error) {
    return (
      <div
        data-testid={props.testId ?? 'async-error'}
        css={css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: 8px 12px;
          padding: 12px 0;
        `}
      >
        <ErrorText>{errorText(query.error)}</ErrorText>
        <Button type="button" variant="secondary" disabled={query.isFetching} onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <>{props.loading ?? <Spinner />}</>;
}
