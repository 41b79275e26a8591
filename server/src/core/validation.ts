import type { z } from 'zod';
import { badRequest } from './errors';

/** A zod failure becomes one 400 envelope whose msg lists every problem, each naming its field. */
export function validationError(error: z.ZodError) {
  const msgs = [...new Set(error.issues.map((i) => i.message))];
  return badRequest(msgs.join('; '));
}
