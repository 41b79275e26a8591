import { WorkList } from '../WorkList';

/** /work/start: the processes the user may start. */
export default function WorkStartPage() {
  return <WorkList kind="start" />;
}
