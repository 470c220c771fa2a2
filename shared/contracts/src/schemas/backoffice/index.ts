// Back-office contracts, one file per area of the console. Endpoint names start with `staff`; every endpoint has
// auth 'operator' and names the roles allowed (admin always is). The console and the API import the same objects.
export * from './common';
export * from './staff';
export * from './players';
export * from './payments';
export * from './desk';
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
