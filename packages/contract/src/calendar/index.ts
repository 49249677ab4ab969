export * from './plain-date.js';
export * from './weeks.js';
