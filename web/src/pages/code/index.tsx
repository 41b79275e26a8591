import { codeResource } from '@psi/db/model';
import { ResourcePage } from '../../components/resource/ResourcePage';

/** /code: the base of the code generation pages; it lists the generator's configurations. */
export default function CodePage() {
  return <ResourcePage def={codeResource} />;
}
