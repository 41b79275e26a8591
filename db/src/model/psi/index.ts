export * from './isbn';
export * from './docno';
export * from './pricing';
export * from './status';
export * from './messages';
