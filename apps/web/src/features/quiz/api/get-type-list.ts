import type { TypeListName, TypeOption } from '@store/contracts';
import { apiGet } from '@/lib/api-client.ts';
import { useApi } from '@/lib/use-api.ts';

/** GET /Types/{name}: one reference list of the quiz. */
export function getTypeList(name: TypeListName): Promise<TypeOption[]> {
  return apiGet<TypeOption[]>(`/Types/${name}`);
}

export const typeListKey = (name: TypeListName) => `types:${name}`;

export function useTypeList(name: TypeListName) {
  return useApi(typeListKey(name), () => getTypeList(name));
}
