import type { FastifyInstance } from 'fastify';
import { notice as noticeTable } from '@psi/db/schema';
import { noticeResource } from '@psi/db/model';
import { resourceRoutes } from '../../core/resource-routes';

export default async function deskModule(app: FastifyInstance) {
  resourceRoutes(app, noticeResource, noticeTable);
}
