import type Database from 'better-sqlite3';
import type { SessionUser } from '../../core/context';
import { resolveActor, type PsiActor } from '../../core/psi-actor';

/**
 * Who reads the inbox: the session plus its PSI scope (platform, own depositories, own school). Its own
 * module because the inbox and its to-do sources both take it, and the inbox imports the sources.
 */
export interface Reader {
  user: SessionUser;
  psi: PsiActor;
}

export const readerOf = (sqlite: Database.Database, user: SessionUser): Reader => ({
  user,
  psi: resolveActor(sqlite, user),
});
