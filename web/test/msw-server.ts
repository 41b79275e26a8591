import { setupServer } from 'msw/node';

/** One MSW server for every test; each test adds its own handlers (they are reset after it). */
export const server = setupServer();
