// Back office, area 'payments': endpoints of its console screens (see index.ts for the conventions).
export {};
