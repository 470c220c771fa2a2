import type { PageQuery } from '../../../ui/DataTable';

/** A DataTable page as the player endpoints' query (the search only when there is one). */
export const pageQuery = (q: PageQuery) => ({ page: q.page, per_page: q.per_page, dir: q.dir, ...(q.q ? { q: q.q } : {}) });
