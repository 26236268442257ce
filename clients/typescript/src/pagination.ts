/*
 * `for await` over a cursor list (trading-api.md, "Pagination"): pass each page's `pagination.cursor` back as
 * `cursor` until `hasMore` is false or the cursor is null. Pages are fetched lazily, one at a time, so breaking
 * out of the loop stops the walk.
 */
export interface CursorPage<T> {
  data: T[];
  pagination: { cursor: string | null; hasMore: boolean };
}

/** Fetches the page after `cursor` (undefined: the first page). */
export type PageFetcher<T> = (cursor: string | undefined) => Promise<CursorPage<T>>;

/** Every page of a list, in order. */
export async function* iterateCursorPages<T>(fetchPage: PageFetcher<T>): AsyncGenerator<CursorPage<T>, void> {
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    yield page;
    if (!page.pagination.hasMore || page.pagination.cursor === null) return;
    if (page.pagination.cursor === cursor) {
      throw new Error(`pagination: the server returned cursor ${cursor} again; stopping instead of looping`);
    }
    cursor = page.pagination.cursor;
  }
}

/** Every row of a list, in order, across pages. */
export async function* iterateCursor<T>(fetchPage: PageFetcher<T>): AsyncGenerator<T, void> {
  for await (const page of iterateCursorPages(fetchPage)) yield* page.data;
}
