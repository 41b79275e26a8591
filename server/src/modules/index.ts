import type { FastifyPluginAsync } from 'fastify';
import authModule from './auth/index';
import systemModule from './system/index';
import deskModule from './desk/index';

/** One module per Blade service, each registering its own `/blade-<service>` routes under `/api`. */
export const modules: FastifyPluginAsync[] = [authModule, systemModule, deskModule];
