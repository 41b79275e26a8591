/** The PSI api module: the `/blade-psi` calls, the query keys and the data hooks of the PSI screens. */
export * from './client';
export * from './hooks';
export * from './home';
export * from './keys';
export * from './routes';
