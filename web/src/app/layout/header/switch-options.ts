import { useQuery } from '@tanstack/react-query';
import { getData } from '../../../api/request';
import type { UserInfo } from '../../../stores/session';

export interface DeptOption {
  id: string;
  deptName: string;
}

export interface RoleOption {
  id: string;
  roleName: string;
}

/** Switch mode: the departments and roles the user holds (`select?userId=`), the dialog's choices. */
export function useSwitchOptions(userId: string, enabled = true) {
  const depts = useQuery({
    queryKey: ['switch', 'dept', userId],
    queryFn: () => getData<DeptOption[]>('/blade-system/dept/select', { params: { userId } }),
    enabled: enabled && Boolean(userId),
    staleTime: 60_000,
  });
  const roles = useQuery({
    queryKey: ['switch', 'role', userId],
    queryFn: () => getData<RoleOption[]>('/blade-system/role/select', { params: { userId } }),
    enabled: enabled && Boolean(userId),
    staleTime: 60_000,
  });
  return { depts, roles };
}

const namesOf = <T extends { id: string }>(ids: string, options: T[] | undefined, name: (o: T) => string) =>
  ids
    .split(',')
    .map((id) => options?.find((o) => o.id === id))
    .filter((o): o is T => o !== undefined)
    .map(name)
    .join('、');

/** The department and role names of the signed-in token (`dept_id`, `role_id`), e.g. `财务部 · 员工`. */
export function currentAssignment(
  user: Pick<UserInfo, 'dept_id' | 'role_id'> | null,
  depts: DeptOption[] | undefined,
  roles: RoleOption[] | undefined,
): string {
  if (!user) return '';
  return [namesOf(user.dept_id, depts, (d) => d.deptName), namesOf(user.role_id, roles, (r) => r.roleName)]
    .filter(Boolean)
    .join(' · ');
}
