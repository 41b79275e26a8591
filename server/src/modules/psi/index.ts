import type { FastifyInstance } from 'fastify';
import { registerMasterRoutes } from './master/routes';
import { registerStockLogRoutes, registerStockRoutes } from './stock/routes';
import { registerAccountRoutes } from './account/routes';
import { registerPurchaseRoutes } from './purchase/routes';
import { registerYyptRoutes } from './yypt/routes';
import { registerDepositoryOrderRoutes } from './depository-order/routes';
import { registerDeliveryRoutes } from './delivery/routes';
import { registerCheckRoutes } from './check/routes';
import { registerOverviewRoutes } from './overview/routes';

/**
 * `/blade-psi`: the book-ordering domain (DOMAIN.md). Catalogue, depositories, schools and their
 * platform terms; the two ledgers (stock log, account statements, read-only); the four order
 * flavours with their lines and approvals; stocktakes. Every write that touches more than one row
 * is one synchronous transaction in the services; the routes only parse, scope and answer. One
 * folder per document (`<kind>/service.ts`, `<kind>/routes.ts`); what they share is in `shared/`.
 */
export default async function psiModule(app: FastifyInstance) {
  // The ledger indexes are written at random places (per depository and book): a 64 MiB page cache
  // keeps them in memory instead of re-reading pages on every approval (SQLite's default is 2 MiB).
  // Pages are taken only as they are used, so a small database stays small in memory.
  app.ctx.sqlite.pragma('cache_size = -65536');
  // registration order is the order of the contract document (contract/openapi.json)
  registerMasterRoutes(app);
  registerStockLogRoutes(app);
  registerAccountRoutes(app);
  registerPurchaseRoutes(app);
  registerYyptRoutes(app);
  registerDepositoryOrderRoutes(app);
  registerDeliveryRoutes(app);
  registerCheckRoutes(app);
  registerStockRoutes(app);
  registerOverviewRoutes(app);
}
