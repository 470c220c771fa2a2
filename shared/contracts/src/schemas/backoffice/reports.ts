// Back office, area 'reports': endpoints of its console screens (see index.ts for the conventions).
export {};
