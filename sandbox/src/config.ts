import { DEV_SECRETS } from '@khela/contracts/signing';

/** Where the sandbox is and whom it calls back; secrets default to the development values the API falls back on too. */
export const config = {
  port: Number(process.env.PORT ?? 4100),
  host: process.env.HOST ?? '127.0.0.1',
  /** The product's API (payment callbacks and seamless-wallet calls go there). */
  apiUrl: process.env.API_URL ?? 'http://127.0.0.1:4000',
  /** Public URL of this sandbox as the browser reaches it (payment pages, game pages). */
  publicUrl: process.env.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4100}`,
  gatewaySecret: process.env.GATEWAY_SECRET || DEV_SECRETS.GATEWAY_SECRET,
  providerSecret: process.env.PROVIDER_SECRET || DEV_SECRETS.PROVIDER_SECRET,
  /** The transfer-wallet provider's secret (the API's TRANSFER_PROVIDER_SECRET); defaults to the game provider's. */
  transferProviderSecret: process.env.TRANSFER_PROVIDER_SECRET || process.env.PROVIDER_SECRET || DEV_SECRETS.PROVIDER_SECRET,
  messagingSecret: process.env.MESSAGING_SECRET || DEV_SECRETS.MESSAGING_SECRET,
};
