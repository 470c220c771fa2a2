/** Where the sandbox is and whom it calls back; secrets default to dev values shared with the API's defaults. */
export const config = {
  port: Number(process.env.PORT ?? 4100),
  host: process.env.HOST ?? '127.0.0.1',
  /** The product's API (payment callbacks and seamless-wallet calls go there). */
  apiUrl: process.env.API_URL ?? 'http://127.0.0.1:4000',
  /** Public URL of this sandbox as the browser reaches it (payment pages, game pages). */
  publicUrl: process.env.SANDBOX_PUBLIC_URL ?? `http://127.0.0.1:${process.env.PORT ?? 4100}`,
  gatewaySecret: process.env.GATEWAY_SECRET ?? 'dev-gateway-secret',
  providerSecret: process.env.PROVIDER_SECRET ?? 'dev-provider-secret',
  messagingSecret: process.env.MESSAGING_SECRET ?? 'dev-messaging-secret',
};
