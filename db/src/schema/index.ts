export * from './columns';
export * from './system';
export * from './psi';
export * from './psi-documents';
export * from './flow';
export * from './inbox';
