import type { FastifyRequest } from 'fastify';
import { pickLang, type Lang } from '@psi/db/model';

/** The user's language: `Accept-Language: en…` gives English, anything else Chinese. */
export const langOf = (req: FastifyRequest): Lang => pickLang(req.headers['accept-language']);
