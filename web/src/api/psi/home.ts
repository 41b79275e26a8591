import { queryOptions } from '@tanstack/react-query';
import { apiGet } from '../call';
import { psiKeys } from './keys';

/**
 * The home page figures of the caller's role (`dashboard/summary`): the home's query, which the sign-in
 * starts as soon as the token is stored. A module of its own, small: the app loads it before the home.
 */
export const homeFiguresQuery = () =>
  queryOptions({
    queryKey: psiKeys.home(),
    queryFn: () => apiGet('/blade-psi/dashboard/summary'),
    staleTime: 30_000,
  });
