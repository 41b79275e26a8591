/**
 * The user service under both of its Blade paths: `/blade-user/*` (BladeX, our client) and
 * `/blade-system/user/*` (the public SpringBlade line, where 4.2 merged it into blade-system). Every
 * route the user module declares is registered a second time under the other prefix with the same
 * options, handler, hooks and schemas, tagged as the public dialect in the OpenAPI document.
 *
 * Passwords: the BladeX clients send the md5 of a password, the public clients the plain text (user
 * add, update-password, register-guest). A request whose token the public token endpoint issued has
 * its password fields turned into their md5 here, before validation, so both dialects then take the
 * same path (md5 checked, argon2id of the md5 stored).
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { md5Hex } from '@psi/db/password';
import userModule from './index';
import { dialectOf } from '../../core/dialect';
import { PUBLIC_DIALECT_TAG } from '../../core/dialect';

const BLADEX_PREFIX = '/blade-user/';
const PUBLIC_PREFIX = '/blade-system/user/';

/** The password parameters of each route that takes one, by the route's last path segment. */
const PASSWORD_FIELDS: Record<string, string[]> = {
  submit: ['password'],
  'update-password': ['oldPassword', 'newPassword', 'newPassword1'],
  'register-guest': ['password', 'password2'],
};

function hashPlainPasswords(req: FastifyRequest, fields: string[]) {
  const hash = (holder: unknown) => {
    if (!holder || typeof holder !== 'object' || Array.isArray(holder)) return;
    const values = holder as Record<string, unknown>;
    for (const f of fields)
      if (typeof values[f] === 'string' && values[f] !== '') values[f] = md5Hex(values[f] as string);
  };
  hash(req.query);
  hash(req.body);
}

export default async function systemUserModule(app: FastifyInstance) {
  app.addHook('onRoute', function (route: RouteOptions & { prefix?: string }) {
    if (route.method === 'HEAD') return;
    const prefix = route.prefix ?? '';
    const own = route.url.slice(prefix.length);
    if (!own.startsWith(BLADEX_PREFIX)) return;
    const fields = PASSWORD_FIELDS[own.slice(BLADEX_PREFIX.length)];
    if (fields) {
      const plainToMd5 = async (req: FastifyRequest) => {
        if (dialectOf(app, req) !== 'bladex') hashPlainPasswords(req, fields);
      };
      route.preValidation = [plainToMd5, ...[route.preValidation ?? []].flat()];
    }
    const copy = { ...route, url: PUBLIC_PREFIX + own.slice(BLADEX_PREFIX.length) };
    delete copy.prefix;
    delete (copy as { path?: string }).path;
    copy.schema = { ...(route.schema ?? {}), tags: [PUBLIC_DIALECT_TAG] };
    this.route(copy);
  });
  await app.register(userModule);
}
