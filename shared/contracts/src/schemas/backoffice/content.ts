// Back office, area 'content': endpoints of its console screens (see index.ts for the conventions).
export {};
