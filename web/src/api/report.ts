import { reportResource } from '@psi/db/model';
import { fetchList } from './resource';

/** The saved reports (/report/reportlist): their list and each run, and the react-query keys. */
export const reportKeys = {
  list: () => ['report', 'list'] as const,
  run: (reportId: string) => ['report', 'run', reportId] as const,
};

/** The newest 100 saved reports. */
export const fetchReports = () =>
  fetchList(`${reportResource.api}/list`, { current: 1, size: 100, descs: 'create_time' });
