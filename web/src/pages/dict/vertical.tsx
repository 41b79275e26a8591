import { dictResource } from '@psi/db/model';
import { DictManager } from '../../components/dict/DictManager';

/** /dict-vertical/index: dictionaries above, the chosen dictionary's entries below. */
export default function DictVerticalPage() {
  return <DictManager def={dictResource} layout="vertical" />;
}
