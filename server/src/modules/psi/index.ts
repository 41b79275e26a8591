import type { FastifyInstance } from 'fastify';
import { registerMasterRoutes } from './master/routes';
import { registerStockLogRoutes, registerStockRoutes } from './stock/routes';
import { registerAccountRoutes } from './account/routes';
import { registerPurchaseorderRoutes } from './purchaseorder/routes';
import { registerPurchaseorderyyptRoutes } from './purchaseorderyypt/routes';
import { registerPurchaseorderdepositoryRoutes } from './purchaseorderdepository/routes';
import { registerDeliveryorderRoutes } from './deliveryorder/routes';
import { registerDepositorycheckRoutes } from './depositorycheck/routes';
import { registerOverviewRoutes } from './overview/routes';

/**
 * `/blade-psi`: the book-ordering domain (DOMAIN.md). Catalogue, depositories, schools and their
 * platform terms; the two ledgers (stock log, account statements, read-only); the four order
 * flavours with their lines and approvals; stocktakes. Every write that touches more than one row
 * is one synchronous transaction in the services; the routes only parse, scope and answer. One
 * folder per document kind, named by its key (`<key>/service.ts`, `<key>/routes.ts`); shared parts in `shared/`.
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
  registerPurchaseorderRoutes(app);
  registerPurchaseorderyyptRoutes(app);
  registerPurchaseorderdepositoryRoutes(app);
  registerDeliveryorderRoutes(app);
  registerDepositorycheckRoutes(app);
  registerStockRoutes(app);
  registerOverviewRoutes(app);
}
