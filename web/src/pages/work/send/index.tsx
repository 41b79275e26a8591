import { WorkList } from '../WorkList';

/** /work/send: processes the user started. */
export default function WorkSendPage() {
  return <WorkList kind="send" />;
}
