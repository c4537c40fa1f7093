/** Page and size parameters and the Spring-style page object of the list endpoint. */
import { HttpError } from "./errors.ts";

export interface PageRequest {
  /** 0-based page index. */
  readonly page: number;
  readonly size: number;
}

const digits = /^\d{1,9}$/;

export function pageRequest(
  rawPage: string | null,
  rawSize: string | null,
  names: { page: string; size: string },
  limits: { oneIndexed: boolean; defaultSize: number; maxSize: number },
): PageRequest {
  const first = limits.oneIndexed ? 1 : 0;
  const page = rawPage === null ? first : digits.test(rawPage) ? Number(rawPage) : Number.NaN;
  if (!(page >= first)) throw new HttpError(400, `Invalid ${names.page}: must be an integer >= ${first}`);
  const size = rawSize === null ? limits.defaultSize : digits.test(rawSize) ? Number(rawSize) : Number.NaN;
  if (!(size >= 1 && size <= limits.maxSize)) {
    throw new HttpError(400, `Invalid ${names.size}: must be an integer between 1 and ${limits.maxSize}`);
  }
  return { page: page - first, size };
}

/** Total without a COUNT statement when the page shows it already (as Spring Data does). */
export function knownTotal(request: PageRequest, rows: number): number | undefined {
  const offset = request.page * request.size;
  if (rows > 0 && rows < request.size) return offset + rows;
  if (rows === 0 && offset === 0) return 0;
  return undefined;
}

export function pageObject<T>(content: T[], request: PageRequest, total: number, sorted: boolean) {
  const totalPages = Math.ceil(total / request.size);
  const sort = { sorted, unsorted: !sorted, empty: !sorted };
  return {
    content,
    pageable: {
      pageNumber: request.page,
      pageSize: request.size,
      sort,
      offset: request.page * request.size,
      paged: true,
      unpaged: false,
    },
    totalPages,
    totalElements: total,
    last: request.page + 1 >= totalPages,
    first: request.page === 0,
    empty: content.length === 0,
    size: request.size,
    number: request.page,
    numberOfElements: content.length,
    sort,
  };
}
