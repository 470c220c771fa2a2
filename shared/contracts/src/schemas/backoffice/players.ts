// Back office, area 'players': endpoints of its console screens (see index.ts for the conventions).
export {};
