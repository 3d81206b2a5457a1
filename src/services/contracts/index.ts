export * from './common';
export * from './grants';
export * from './auth';
export * from './theme';
export * from './settings';
export * from './devices';
export * from './socket';
export * from './deviceConfiguration';
