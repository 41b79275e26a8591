import type { FastifyPluginAsync } from 'fastify';
import authModule from './auth/index';
import systemModule from './system/index';
import deskModule from './desk/index';
import userModule from './user/index';
import resourceModule from './resource/index';
import logModule from './log/index';
import developModule from './develop/index';
import reportModule from './report/index';
import psiModule from './psi/index';
import flowModule from './flow/index';
import demoModule from './demo/index';

/** One module per Blade service, each registering its own `/blade-<service>` routes under `/api`. */
export const modules: FastifyPluginAsync[] = [
  authModule,
  systemModule,
  userModule,
  deskModule,
  resourceModule,
  logModule,
  developModule,
  reportModule,
  psiModule,
  flowModule,
  demoModule,
];
