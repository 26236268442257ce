/** Sort direction of the public read API's (/api) offset-paginated lists. */
export type PublicSortOrder = 'asc' | 'desc';

/** One offset page and the filter's total. */
export interface PublicPage<T> {
  items: T[];
  /** Rows matching the filter, whatever the page. */
  total: number;
}
