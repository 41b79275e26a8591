import type { DriftRow } from '@psi/db/model';
import { apiPost } from './call';
import { getData } from './request';
import { downloadFile } from './resource';

/** Calls of the developer tools (`/blade-develop`, the proxy's contract drift) and their query keys. */
export const toolKeys = {
  contractDrift: () => ['contract-drift'] as const,
};

export interface DriftReport {
  document: string;
  routes: number;
  rows: DriftRow[];
}

/** The proxy's own route (no Blade route, so not in the document): its answer is typed by `DriftRow`. */
export const fetchContractDrift = () => getData<DriftReport>('/contract/drift');

/** Generates the code of a code-generator entry and downloads it as a zip. */
export const generateCode = (id: string) =>
  downloadFile('/blade-develop/code/gen-code', { ids: id, system: 'saber' }, 'code.zip');

export const copyCode = (id: string) => apiPost('/blade-develop/code/copy', null, { query: { id } });
