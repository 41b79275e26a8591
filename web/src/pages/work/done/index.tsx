import { WorkList } from '../WorkList';

/** /work/done: tasks the user completed. */
export default function WorkDonePage() {
  return <WorkList kind="done" />;
}
