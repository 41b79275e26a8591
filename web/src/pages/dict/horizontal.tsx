import { dictResource } from '@psi/db/model';
import { DictManager } from '../../components/dict/DictManager';

/** /dict-horizontal/index: dictionaries on the left, the chosen dictionary's entries on the right. */
export default function DictHorizontalPage() {
  return <DictManager def={dictResource} layout="horizontal" />;
}
