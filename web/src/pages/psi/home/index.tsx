import { PsiHome } from './PsiHome';

export default function PsiHomePage() {
  return <PsiHome />;
}
