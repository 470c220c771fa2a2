// The request-id rule and helpers are the ones the sandbox's parties use too (@khela/contracts/request-id).
export { REQUEST_ID_HEADER, requestContext, requestIdFrom, requestIdHeaders, requestIdOptions } from '@khela/contracts/request-id';
