/**
 * Status of a deposit or withdrawal request (docs/README.md#spec-3): stored as 0/1/2 in wallet_transactions.status
 * and sent to the browser as the string `key` ('0' pending, '1' success, '2' fail).
 */
export const WALLET_STATUS = Object.freeze({ pending: 0, approved: 1, rejected: 2 } as const);
export type WalletStatus = (typeof WALLET_STATUS)[keyof typeof WALLET_STATUS];
/** What an operator or the gateway may decide: a request leaves `pending` once. */
export type WalletDecision = Exclude<WalletStatus, typeof WALLET_STATUS.pending>;

/** The stored status as the API's `key`. */
export const walletStatusKey = (status: WalletStatus) => String(status) as `${WalletStatus}`;
