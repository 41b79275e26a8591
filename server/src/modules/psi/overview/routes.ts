import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { wireStockRowSchema } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { answers } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { psiActor } from '../shared/http';
import { positiveInt } from '../shared/query-params';
import { depositoryFigures, platformFigures, schoolFigures, tenantsFigures } from './queries';

/** Order counts by status code (`{"1": 3, "4": 12}`). */
const statusCounts = z.record(z.string(), z.number().int()).describe('documents per status code');
const lowStock = z.object({
  total: z.number().int(),
  threshold: z.number().int(),
  records: z.array(wireStockRowSchema).describe('the first ten'),
});
const today = z.object({
  day: z.string().describe("yyyy-MM-dd: the latest day with stock movements, up to the server's today"),
  rows: z.number().int().describe('stock movements on that day'),
  inQuantity: z.number().int(),
  outQuantity: z.number().int(),
});
const weeklyOrders = z
  .array(
    z.object({
      week: z.string().describe('Monday, yyyy-MM-dd'),
      orders: z.number().int(),
      amount: z.string(),
    }),
  )
  .describe('orders per week up to the latest one');

/** The home page figures, by the caller's PSI role (`kind`). */
const dashboard = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('platform'),
    yyptStatus: statusCounts,
    purchaseStatus: statusCounts,
    depositoryOrderStatus: statusCounts,
    deliveryStatus: statusCounts,
    today,
    lowStock,
    weekly: weeklyOrders,
  }),
  z.object({
    kind: z.literal('depository'),
    stock: z
      .object({ titles: z.number().int(), quantity: z.number().int() })
      .describe("the depositories' stock: titles held and copies together"),
    depositoryOrderStatus: statusCounts,
    deliveryStatus: statusCounts,
    purchaseStatus: statusCounts,
    checkStatus: statusCounts,
    today,
    lowStock,
    weekly: weeklyOrders,
  }),
  z.object({
    kind: z.literal('school'),
    school: z
      .object({ id: z.string(), schoolName: z.string(), schoolCode: z.string(), balance: z.string() })
      .nullable(),
    yyptStatus: statusCounts,
    depositoryOrderStatus: statusCounts,
    orders: z.array(
      z.object({
        id: z.string(),
        orderNo: z.string(),
        orderStatus: z.number().int(),
        payStatus: z.number().int(),
        totalQuantity: z.number().int(),
        deliveredQuantity: z.number().int(),
        totalAmount: z.string(),
        submitTime: z.string(),
      }),
    ),
    weekly: weeklyOrders,
  }),
  z.object({
    kind: z.literal('tenants'),
    tenants: z
      .array(
        z.object({
          tenantId: z.string(),
          tenantName: z.string(),
          schools: z.number().int(),
          depositories: z.number().int(),
          orders: z.number().int().describe('征订单'),
          pendingAudit: z.number().int().describe('征订单 waiting for the platform audit'),
          amount: z.string().describe('the 征订单 amounts together'),
          users: z.number().int(),
        }),
      )
      .describe("one row per tenant: the platform owner's overview"),
    yyptStatus: statusCounts,
    weekly: weeklyOrders,
  }),
  z.object({ kind: z.literal('none') }),
]);

/** `dashboard/summary`: the home page figures of the caller's role. */
export function registerOverviewRoutes(app: FastifyInstance) {
  typed(app).get(
    '/blade-psi/dashboard/summary',
    {
      config: { access: 'user' },
      schema: {
        querystring: z.looseObject({
          weeks: z
            .string()
            .regex(/^ *([0-9]{1,15})? *$/, 'paramType')
            .optional()
            .describe('weeks of history, 1..52 (default 8; more is 52)'),
        }),
        response: answers.of(dashboard),
      },
    },
    async (req) => {
      const actor = psiActor(app, req);
      const at = { now: new Date(), weeks: Math.max(1, positiveInt(req.query, 'weeks', 8, 52)) };
      const sqlite = app.ctx.sqlite;
      // the platform owner (super-admin of 000000) sees every tenant; its own tenant orders no books
      if (req.user?.isSuperAdmin) return ok(tenantsFigures(sqlite, at), req.lang);
      if (actor.kind === 'platform') return ok(platformFigures(sqlite, actor, at), req.lang);
      if (actor.kind === 'depository') return ok(depositoryFigures(sqlite, actor, at), req.lang);
      if (actor.kind === 'school' && actor.schoolId)
        return ok(schoolFigures(sqlite, actor, actor.schoolId, at), req.lang);
      return ok({ kind: 'none' }, req.lang);
    },
  );
}
