import type { FastifyInstance } from 'fastify';
import { notice as noticeTable } from '@psi/db/schema';
import { noticeResource } from '@psi/db/model';
import { actorOf, resourceRoutes } from '../../core/resource-routes';
import { checkDictValues } from '../system/crud';
import { registerLeave } from './leave';
import { registerNoticeLive } from './notice-live';

/**
 * `/blade-desk/notice`: tenant-scoped notices; the category must be an entry of the `notice` dictionary.
 * `/blade-desk/process/leave`: the leave request of the workflow (`leave.ts`).
 * `/blade-desk/notice/inbox` and `/stream`: the header bell, live (`notice-live.ts`).
 */
export default async function deskModule(app: FastifyInstance) {
  resourceRoutes(app, noticeResource, noticeTable, {
    beforeSave: (values, { req }) => checkDictValues(app, noticeResource, values, req, actorOf(req).tenantId),
  });
  registerLeave(app);
  await registerNoticeLive(app);
}
