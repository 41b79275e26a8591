import { WorkList } from '../WorkList';

/** /work/todo: tasks assigned to the user. */
export default function WorkTodoPage() {
  return <WorkList kind="todo" />;
}
