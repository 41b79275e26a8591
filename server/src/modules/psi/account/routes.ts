import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { accountStatementResource, fill, messages, type Lang } from '@psi/db/model';
import { psiMessages } from '@psi/db/model/psi/index';
import { ok } from '../../../core/envelope';
import { scopedRowSchema } from '../../../core/crud';
import { answers, checkedBy, formBody, idValue as recordId, integerValue } from '../../../core/route-schemas';
import { typed } from '../../../core/schema';
import { findOne } from '../../../core/scoped-list';
import {
  idValue,
  intValue,
  liveEnv,
  moneyValue,
  mustHave,
  parseBody,
  perLang,
  psiActor,
  textValue,
  write,
} from '../shared/http';
import { ledgerRoutes } from '../shared/doc-routes';
import { specs } from '../shared/specs';
import { recharge } from './service';

const rechargeSchema = perLang((lang: Lang) => {
  const label = (name: string) => accountStatementResource.fields.find((f) => f.name === name)!.label[lang];
  return z.object({
    schoolId: mustHave(idValue(fill(messages.paramType[lang], { name: 'schoolId' }))).refine((v) => !!v, {
      message: psiMessages.rechargeSchool[lang],
    }),
    amount: z
      .unknown()
      .refine((v) => v !== undefined && v !== null && v !== '', {
        message: psiMessages.rechargeAmount[lang],
        abort: true,
      })
      .pipe(moneyValue(psiMessages.amountInvalid[lang]))
      .refine((v) => v !== undefined && v > 0, { message: psiMessages.amountInvalid[lang] }),
    payMethod: mustHave(intValue(fill(messages.invalidValue[lang], { label: label('payMethod') }))).refine(
      (v) => v !== undefined && v >= 1 && v <= 5,
      { message: psiMessages.rechargePayMethod[lang] },
    ),
    voucherNo: mustHave(
      textValue(fill(messages.tooLong[lang], { label: label('voucherNo'), max: 64 }), 64),
    ).refine((v) => !!v, { message: psiMessages.rechargeVoucher[lang] }),
    remark: textValue(fill(messages.tooLong[lang], { label: label('remark'), max: 255 }), 255),
  });
});

/** The schools' account statements (read-only) and the platform's recharge. */
export function registerAccountRoutes(app: FastifyInstance) {
  const env = liveEnv(app);
  ledgerRoutes(app, specs.statement);
  typed(app).post(
    '/blade-psi/accountstatement/recharge',
    {
      config: { access: { button: 'accountstatement_recharge' } },
      schema: {
        body: checkedBy(
          formBody({
            schoolId: recordId.describe('the school credited'),
            amount: z
              .union([
                z.string().regex(/^(0|[1-9]\d{0,10})(\.\d{1,2})?$/),
                z.number().positive().multipleOf(0.01),
              ])
              .describe('the amount, yuan (1000.00), above 0'),
            payMethod: integerValue({ minimum: 1, maximum: 5 }).describe('how it was paid (1..5)'),
            voucherNo: z.string().min(1).max(64).describe('the payment voucher, unique'),
            remark: z.union([z.string().max(255), z.null()]).optional(),
          }),
          rechargeSchema,
        ),
        response: answers.maybe(scopedRowSchema(specs.statement)),
      },
    },
    async (req) => {
      const body = parseBody(rechargeSchema(req.lang), req.body);
      const row = await write(app, () => {
        const id = recharge(env, psiActor(app, req), {
          schoolId: body.schoolId!,
          amount: body.amount!,
          payMethod: body.payMethod!,
          voucherNo: body.voucherNo!,
          remark: body.remark ?? null,
        });
        return findOne(app.ctx.sqlite, specs.statement, psiActor(app, req), id);
      });
      return ok(row, req.lang);
    },
  );
}
