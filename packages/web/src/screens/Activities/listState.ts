// The activities list's search, filter, sort and page, kept in the URL (?q=&type=&sort=&order=&page=)
// so Back, a reload or a shared link restores them. Defaults are left out of the URL.

export const SORT_KEYS = ['date', 'distance', 'duration', 'elevation', 'tss', 'np', 'power'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'asc' | 'desc';

export interface ListState {
  q: string;
  type: string;
  /** 0-based; the URL shows it 1-based. */
  page: number;
  sort: SortKey;
  order: SortOrder;
}

export const DEFAULT_LIST_STATE: ListState = { q: '', type: '', page: 0, sort: 'date', order: 'desc' };

const isSortKey = (value: string | null): value is SortKey =>
  value !== null && (SORT_KEYS as readonly string[]).includes(value);

/** Reads the state from the URL; anything unknown or malformed falls back to the default. */
export function readListState(params: URLSearchParams): ListState {
  const sort = params.get('sort');
  const order = params.get('order');
  const page = Number(params.get('page') ?? '1');
  return {
    q: params.get('q') ?? '',
    type: params.get('type') ?? '',
    page: Number.isInteger(page) && page >= 1 ? page - 1 : 0,
    sort: isSortKey(sort) ? sort : DEFAULT_LIST_STATE.sort,
    order: order === 'asc' || order === 'desc' ? order : DEFAULT_LIST_STATE.order,
  };
}

/** The URL query for a state, without the defaults. */
export function listStateParams(state: ListState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.q) params.set('q', state.q);
  if (state.type) params.set('type', state.type);
  if (state.sort !== DEFAULT_LIST_STATE.sort || state.order !== DEFAULT_LIST_STATE.order) {
    params.set('sort', state.sort);
    params.set('order', state.order);
  }
  if (state.page > 0) params.set('page', String(state.page + 1));
  return params;
}
