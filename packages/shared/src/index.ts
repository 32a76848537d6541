export * from './api.ts';
export * from './bunker.ts';
export * from './permissions.ts';
export * from './resources/define.ts';
export * from './resources/index.ts';
export * from './time.ts';
export * from './time-zone.ts';
