import type { ReactNode } from 'react';
import { css } from '@emotion/react';
import { useTranslation } from 'react-i18next';
import { Button, NoData, Spinner } from './kit';
import { ErrorText } from './forms';
import { ApiError, DEFAULT_ERROR } from '../api/client';

/** The part of a query result an async block reads (TanStack Query's UseQueryResult has it). */
export interface AsyncQuery<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
  isFetching?: boolean;
}

/**
 * Why a read failed, in the player's language: the translated network or generic text instead of the API client's
 * English fallbacks, else the error's own message (the server's words).
 */
export function useFailureText(): (err: unknown) => string {
  const { t } = useTranslation('common');
  return (err) => {
    if (err instanceof ApiError) {
      if (err.network) return t('networkError');
      if (!err.message || err.message === DEFAULT_ERROR) return t('unexpectedError');
      return err.message;
    }
    if (err instanceof TypeError) return t('networkError');
    return err instanceof Error && err.message ? err.message : t('unexpectedError');
  };
}

/** The server sent words of its own with the failure (not only a status the client filled with its fallback). */
const hasServerWords = (err: unknown) =>
  err instanceof ApiError && typeof (err.data as { message?: unknown } | null | undefined)?.message === 'string';

/**
 * A failed read said in place: what could not be loaded (`what`), why, and Retry (disabled while the new attempt runs).
 * Used by AsyncState, and alone where a screen reads its data another way.
 */
export function LoadFailed(props: {
  error: unknown;
  what?: ReactNode;
  /** The whole text instead of `what` + reason (a screen whose spec words its failures). */
  message?: ReactNode;
  onRetry: () => unknown;
  retrying?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('common');
  const failure = useFailureText()(props.error);
  // with what failed said, the reason is added only when it tells more (a network failure, the server's own words)
  const reason = !props.what || (props.error instanceof ApiError && props.error.network) || hasServerWords(props.error) ? failure : '';
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
      <ErrorText>
        {props.message ??
          (props.what ? (
            <>
              {props.what}
              {reason ? ` ${reason}` : ''}
            </>
          ) : (
            reason
          ))}
      </ErrorText>
      <Button type="button" variant="secondary" disabled={props.retrying} onClick={() => void props.onRetry()}>
        {t('retry')}
      </Button>
    </div>
  );
}

/**
 * The three states of server data in one place: a spinner while it comes, the error with Retry when it failed, the
 * children with the data once there (a later failed refresh keeps the data shown). `isEmpty` + `empty` show the
 * "No Data" block (or `empty`; `null` for nothing) instead of an empty list.
 */
export function AsyncState<T>(props: {
  query: AsyncQuery<T>;
  children: (data: T) => ReactNode;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What to show while loading (default: the kit's spinner). */
  loading?: ReactNode;
  testId?: string;
  /** What could not be loaded, in the player's words (e.g. "The games could not be loaded."), before the reason. */
  failed?: ReactNode;
}) {
  const { query } = props;
  if (query.data !== undefined) {
    // `empty={null}`: nothing at all (a section that only shows when it has something)
    if (props.isEmpty?.(query.data)) return <>{props.empty === undefined ? <NoData /> : props.empty}</>;
    return <>{props.children(query.data)}</>;
  }
  if (query.error) {
    return <LoadFailed error={query.error} what={props.failed} retrying={query.isFetching} onRetry={query.refetch} testId={props.testId} />;
  }
  return <>{props.loading ?? <Spinner />}</>;
}
