import { useQueries } from '@tanstack/react-query';
import { Button, Card, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { flowKeys, workList } from '../../api/flow';
import type { MenuLeaf } from '../../api/menu-model';

/** The workflow lists a home counts (by menu code), in the order a task travels. */
const COUNTED = { work_claim: 'claim', work_todo: 'todo', work_send: 'send' } as const;
type Counted = keyof typeof COUNTED;
const isCounted = (code: string): code is Counted => code in COUNTED;

/**
 * 我的事务 on the home page of a user granted the workflow menus (the leave accounts): how many tasks
 * wait to be claimed or handled and how many of the user's own requests are under way, each a link to
 * its list, and the way to start one. With nothing open it says what will appear here.
 */
export function WorkPanel({ leaves }: { leaves: MenuLeaf[] }) {
  const { t } = useTranslation();
  const counted = leaves.filter((leaf) => isCounted(leaf.code));
  const start = leaves.find((leaf) => leaf.code === 'work_start');
  const totals = useQueries({
    queries: counted.map((leaf) => {
      const name = COUNTED[leaf.code as Counted];
      const params = { current: 1, size: 1 };
      return {
        queryKey: flowKeys.list(['work', name, 'count'], params),
        queryFn: () => workList(name, params),
        staleTime: 30_000,
      };
    }),
  });
  if (!counted.length && !start) return null;
  const open = totals.reduce((sum, query) => sum + (query.data?.total ?? 0), 0);
  return (
    <Card
      title={t('wel.work')}
      data-testid="home-work"
      extra={
        start && (
          <Link to={start.href}>
            <Button type="primary" data-testid="home-work-start">
              {start.name}
            </Button>
          </Link>
        )
      }
    >
      <div className="psi-wel__work">
        {counted.map((leaf, index) => (
          <Link key={leaf.id} to={leaf.href} data-testid={`home-work-${COUNTED[leaf.code as Counted]}`}>
            <Statistic
              title={leaf.name}
              value={totals[index]?.data?.total ?? '-'}
              loading={totals[index]?.isLoading}
            />
          </Link>
        ))}
      </div>
      {open === 0 && totals.every((query) => query.isSuccess) && (
        <Typography.Paragraph type="secondary" className="psi-wel__work-idle" data-testid="home-work-idle">
          {t('wel.workIdle')}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
