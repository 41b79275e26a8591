import { WorkList } from '../WorkList';

/** /work/claim: tasks the user may claim. */
export default function WorkClaimPage() {
  return <WorkList kind="claim" />;
}
