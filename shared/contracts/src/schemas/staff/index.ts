// Staff contracts, one file per area of the console (areas/<name> reads the same name; `pnpm --filter api staff-index`
// lists path -> contract -> handler -> screen). Endpoint names start with `staff`; every endpoint has auth 'staff'
// and names the roles allowed (admin always is). The console and the API import the same objects.
export * from './common';
export * from './account';
export * from './staff-accounts';
export * from './audit';
export * from './dashboard';
export * from './players';
export * from './payments';
export * from './chat';
export * from './content';
export * from './markets';
export * from './reports';
export * from './protection';
export * from './hold';
export * from './transfer';
export * from './approvals';
export * from './risk';
export * from './debt';
export * from './kyc';
