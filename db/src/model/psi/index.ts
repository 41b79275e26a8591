export * from './isbn';
export * from './docno';
export * from './pricing';
export * from './status';
export * from './codes';
export * from './documents';
export * from './messages';
export * from './stock';
