export * from './columns';
export * from './system';
