import type { FastifyInstance } from 'fastify';
import { notice as noticeTable } from '@psi/db/schema';
import { noticeResource } from '@psi/db/model';
import { crudRoutes } from '../../core/crud';
import { registerLeave } from './leave';
import { registerNoticeLive } from './notice-live';

/**
 * `/blade-desk/notice`: tenant-scoped notices; the category must be an entry of the `notice` dictionary
 * (the CRUD core checks dictionary-coded values).
 * `/blade-desk/process/leave`: the leave request of the workflow (`leave.ts`).
 * `/blade-desk/notice/inbox` and `/stream`: the header bell, live (`notice-live.ts`).
 */
export default async function deskModule(app: FastifyInstance) {
  crudRoutes(app, { def: noticeResource, table: noticeTable });
  registerLeave(app);
  await registerNoticeLive(app);
}
