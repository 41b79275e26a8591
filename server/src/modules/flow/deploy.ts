/** Deployments: the list, suspending and activating, deleting, deploying uploaded BPMN files. */
import { z } from 'zod';
import { done, ok } from '../../core/envelope';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../core/errors';
import { uploadFailure } from '../../core/export';
import { parsePage } from '../../core/page';
import { actorOf, idsParam } from '../../core/crud';
import { parseBpmn } from '../../core/flow/bpmn';
import { flowMessages as m } from '../../core/flow/messages';
import { answers, formParams, MULTIPART, requiredParam, uploadBody } from '../../core/route-schemas';
import type { FlowDeps } from './deps';
import {
  checkCategory,
  deployedAnswer,
  deployTargets,
  listFilter,
  MAX_XML,
  q,
  required,
  route,
  targetTenants,
} from './http';
import { deployedRow, deploymentIdsQuery, deploymentRow, flowListQuery } from './schemas';

export function deploymentRoutes({ app, sqlite, engine, queries }: FlowDeps): void {
  app.get(
    '/blade-flow/manager/list',
    route(
      { menu: 'flow_deploy' },
      {
        querystring: flowListQuery.extend({ key: z.string().optional().describe('the process key') }),
        response: answers.page(deploymentRow),
      },
    ),
    async (req) => {
      const key = typeof q(req).key === 'string' ? (q(req).key as string).trim() : undefined;
      return ok(
        queries.managerList(actorOf(req).tenantId, { ...listFilter(req), key }, parsePage(q(req))),
        req.lang,
      );
    },
  );

  app.post(
    '/blade-flow/manager/change-state',
    route(
      { button: 'flow_deploy_state' },
      {
        ...formParams({
          processId: requiredParam('the process definition'),
          state: requiredParam(z.enum(['active', 'suspend']).describe('active or suspend')),
        }),
        response: answers.done(),
      },
    ),
    async (req) => {
      engine.changeState(actorOf(req).tenantId, required(req, 'processId'), required(req, 'state'));
      return done(req.lang);
    },
  );

  app.post(
    '/blade-flow/manager/delete-deployment',
    route(
      { button: 'flow_deploy_delete' },
      {
        querystring: deploymentIdsQuery,
        body: formParams({ deploymentIds: 'comma-joined deployments' }).body,
        response: answers.done(),
      },
    ),
    async (req) => {
      engine.deleteDeployments(actorOf(req).tenantId, idsParam(req, 'deploymentIds'));
      return done(req.lang);
    },
  );

  /** Multipart: `category`, `tenantIds` and one or more `files` (.bpmn / .bpmn20.xml). */
  app.post(
    '/blade-flow/manager/deploy-upload',
    route(
      { button: 'flow_deploy_upload' },
      {
        consumes: MULTIPART,
        body: uploadBody(deployTargets, 'files'),
        response: answers.list(deployedRow),
      },
    ),
    async (req) => {
      const user = actorOf(req);
      if (!req.isMultipart()) throw new ApiError(400, 400, m.noFiles);
      const { fields, files } = await readDeployParts(req).catch((err: unknown) => {
        throw uploadFailure(err);
      });
      if (!files.length) throw new ApiError(400, 400, m.noFiles);
      const category = checkCategory(sqlite, fields.category?.trim() || null);
      const tenants = targetTenants(req, fields.tenantIds);
      for (const f of files) parseBpmn(f.xml);
      const deployed = sqlite.transaction(() =>
        tenants.flatMap((tenantId) =>
          files.map((f) =>
            engine.deploy(tenantId, f.xml, { category, resourceName: f.name, userId: user.userId }),
          ),
        ),
      )();
      return ok(deployedAnswer(deployed), req.lang);
    },
  );
}

/** The fields and process files of a deploy upload (at most five files, each within MAX_XML). */
async function readDeployParts(req: FastifyRequest) {
  const fields: Record<string, string> = {};
  const files: { name: string; xml: string }[] = [];
  for await (const part of req.parts({ limits: { fileSize: MAX_XML, files: 5 } })) {
    if (part.type === 'field') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    const name = part.filename || 'process.bpmn';
    if (!/\.(bpmn|bpmn20\.xml)$/i.test(name)) {
      part.file.resume();
      throw new ApiError(400, 400, m.badFileType, { name });
    }
    let buffer: Buffer;
    try {
      buffer = await part.toBuffer();
    } catch {
      throw new ApiError(400, 400, m.fileTooLarge, { name });
    }
    if (part.file.truncated) throw new ApiError(400, 400, m.fileTooLarge, { name });
    files.push({ name, xml: buffer.toString('utf8') });
  }
  return { fields, files };
}
