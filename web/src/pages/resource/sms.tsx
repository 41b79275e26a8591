import { smsResource } from '@psi/db/model';
import { ConfigPage } from './ConfigPage';

/** SMS configurations (/resource/sms). */
export default function SmsPage() {
  return <ConfigPage def={smsResource} kind="sms" />;
}
