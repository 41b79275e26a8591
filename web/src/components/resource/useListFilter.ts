import { useState } from 'react';

/** One filter a list page keeps beside its search bar (a region, a school …): its value and the list params. */
export function useListFilter(name: string) {
  const [value, set] = useState<string | undefined>();
  return { value, set, params: value ? { [name]: value } : undefined };
}
