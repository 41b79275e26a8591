import { ossResource } from '@psi/db/model';
import { ConfigPage } from './ConfigPage';

/** Object storage configurations (/resource/oss). */
export default function OssPage() {
  return <ConfigPage def={ossResource} kind="oss" />;
}
