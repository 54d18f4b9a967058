import { useCash } from '../api/get-cash';
import { useHoldings } from '../api/get-holdings';

/**
 * Holdings and cash together. R8.09 style: a failed load shows zeros (with `failed` set for a
 * retry), never a broken page.
 */
export function usePortfolio() {
  const holdings = useHoldings();
  const cash = useCash();
  const failed = (holdings.isError && !holdings.data) || (cash.isError && !cash.data);
  return {
    holdings: holdings.data ?? [],
    cash: cash.data?.totalBalance ?? (cash.isError ? '0.00' : null),
    loading: holdings.isPending || cash.isPending,
    failed,
    retry: () => {
      void holdings.refetch();
      void cash.refetch();
    },
  };
}
