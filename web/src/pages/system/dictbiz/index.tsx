import { dictBizResource } from '@psi/db/model';
import { DictManager } from '../../../components/dict/DictManager';

/** The business dictionary menu (/system/dictbiz): the tenant's own dictionaries, same screen as the system one. */
export default function BusinessDictPage() {
  return <DictManager def={dictBizResource} layout="menu" />;
}
