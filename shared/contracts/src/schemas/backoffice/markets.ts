// Back office, area 'markets': endpoints of its console screens (see index.ts for the conventions).
export {};
