import type { FastifyPluginAsync } from 'fastify';
import authModule from './auth/index';
import systemModule from './system/index';
import deskModule from './desk/index';
import systemUserModule from './user/system-user';
import resourceModule from './resource/index';
import logModule from './log/index';
import developModule from './develop/index';
import reportModule from './report/index';
import psiModule from './psi/index';
import flowModule from './flow/index';
import demoModule from './demo/index';
import publicDialectModule from './auth/public-dialect';
import publicMenuModule from './system/public-menu';
import dashboardModule from './desk/dashboard';

/** One module per Blade service, each registering its own `/blade-<service>` routes under `/api`. */
export const modules: FastifyPluginAsync[] = [
  authModule,
  publicDialectModule,
  systemModule,
  publicMenuModule,
  // the user service under /blade-user and /blade-system/user
  systemUserModule,
  deskModule,
  dashboardModule,
  resourceModule,
  logModule,
  developModule,
  reportModule,
  psiModule,
  flowModule,
  demoModule,
];
