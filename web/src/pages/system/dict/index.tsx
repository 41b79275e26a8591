import { dictResource } from '@psi/db/model';
import { DictManager } from '../../../components/dict/DictManager';

/** The system dictionary menu (/system/dict): dictionaries, each configured in a drawer of entries. */
export default function SystemDictPage() {
  return <DictManager def={dictResource} layout="menu" />;
}
