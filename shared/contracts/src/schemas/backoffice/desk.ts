// Back office, area 'desk': endpoints of its console screens (see index.ts for the conventions).
export {};
