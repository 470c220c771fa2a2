import * as schemas from '@khela/contracts';
import { useContent } from './content';

export interface CategoryProviders {
  systems: schemas.CatalogSystem[];
  providers: schemas.CatalogProvider[];
}

/** docs/README.md#spec-4: selecting a category loads its systems, then the providers of those systems; null (Home) clears them. */
export function useCategoryProviders(type: string | null) {
  return useContent<CategoryProviders>(type && type !== 'SPORTS' ? `providers:${type}` : null, async (api) => {
    const { systems } = await api.call(schemas.getSystems, { query: { type } as { type: string } });
    if (!systems.length) return { systems, providers: [] };
    const { data } = await api.call(schemas.getProviders, {
      query: { system: JSON.stringify(systems.map((s) => s.platform)) },
    });
    return { systems, providers: data };
  });
}
