import { useSearchParams } from 'react-router';
import { type ListDefaults, type ListState, listParamsAfter, parseListParams } from '../utils/list-params.ts';

/** A list's search, sort, filter and page, kept in the address. */
export function useListState<S extends string, F extends string>(defaults: ListDefaults<S, F>) {
  const [params, setParams] = useSearchParams();
  const state = parseListParams(params, defaults);
  function update(change: Partial<ListState<S, F>>) {
    setParams(listParamsAfter(state, change, defaults));
  }
  return [state, update] as const;
}
