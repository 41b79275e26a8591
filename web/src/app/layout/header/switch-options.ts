import { useQuery } from '@tanstack/react-query';
import {
  fetchUserDepts,
  fetchUserRoles,
  systemKeys,
  type DeptOption,
  type RoleOption,
} from '../../../api/system';
import type { UserInfo } from '../../../stores/session';

/** Switch mode: the departments and roles the user holds (`select?userId=`), the dialog's choices. */
export function useSwitchOptions(userId: string, enabled = true) {
  const depts = useQuery({
    queryKey: systemKeys.switchDepts(userId),
    queryFn: () => fetchUserDepts(userId),
    enabled: enabled && Boolean(userId),
    staleTime: 60_000,
  });
  const roles = useQuery({
    queryKey: systemKeys.switchRoles(userId),
    queryFn: () => fetchUserRoles(userId),
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
