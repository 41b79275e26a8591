export * from './text';
export * from './messages';
export * from './id';
export * from './time';
export * from './money';
export * from './resource';
export * from './resources/index';
export * from './report';
