/**
 * The requests bench/crud.ts sends to each API for the same list page or row, and the rows of their answers in one
 * shape so that answers of different APIs can be checked to hold the same rows. The list: category = cat-7 and
 * price >= 50, by price descending (then id), pages of 20, with the total count; the GraphQL lists nest the vendor.
 */
export const ROWS = 100_000;
const SIZE = 20;

/** The id of the i-th get-by-id request, spread over the table. */
export const itemId = (i: number) => 1 + ((i * 7919) % ROWS);

/** scaffold/crud REST list (`items-nested` nests the vendor), without the `/api` prefix. */
export const restList = (path: "items" | "items-nested", page: number) =>
  `/${path}?category=cat-7&price_gte=50&sort=price,desc&size=${SIZE}&page=${page}`;

const itemFields = "id name category price stock createdAt vendor { id name }";

/** scaffold/crud GraphQL list, as a POST body. */
export const graphqlList = (page: number) =>
  JSON.stringify({
    query: `{ items(filter: { category: "cat-7", price_gte: 50 }, sort: [{ field: price, direction: DESC }], size: ${SIZE}, page: ${page}) { totalCount edges { node { ${itemFields} } } } }`,
  });

/** Platformatic DB REST list: the same filters, order (its id tiebreak written out, scaffold/crud adds it) and count. */
export const platformaticRestList = (page: number) =>
  `/items?where.category.eq=cat-7&where.price.gte=50&orderby.price=desc&orderby.id=asc&limit=${SIZE}&offset=${page * SIZE}&totalCount=true`;

/** Platformatic DB GraphQL list with its count query, as a POST body. */
export const platformaticGraphqlList = (page: number) => {
  const where = `{ category: { eq: "cat-7" }, price: { gte: 50 } }`;
  return JSON.stringify({
    query: `{ items(where: ${where}, orderBy: [{ field: price, direction: DESC }, { field: id, direction: ASC }], limit: ${SIZE}, offset: ${page * SIZE}) { ${itemFields} } countItems(where: ${where}) { total } }`,
  });
};

type Json = Record<string, unknown>;

/** An item in one shape: numeric ids (Platformatic answers ids as strings), the vendor as its id or as an object. */
function item(row: Json): Json {
  const vendor = row.vendor as Json | number | undefined;
  return {
    id: Number(row.id),
    name: row.name,
    category: row.category,
    price: row.price,
    stock: row.stock,
    createdAt: row.createdAt,
    vendor: typeof vendor === "object" ? { id: Number(vendor.id), name: vendor.name } : Number(row.vendorId),
  };
}

export interface Rows {
  readonly rows: Json[];
  readonly total?: number;
}

/** The rows (and total) of an answer of any of the APIs above. */
export function rowsOf(body: unknown, totalHeader?: string | null): Rows {
  const json = body as Json;
  if (Array.isArray(body)) return { rows: body.map(item), total: Number(totalHeader) };
  if ("content" in json) return { rows: (json.content as Json[]).map(item), total: json.totalElements as number };
  if ("data" in json) {
    if (json.errors) throw new Error(`GraphQL errors: ${JSON.stringify(json.errors)}`);
    const data = json.data as Json;
    const items = data.items as Json[] | { totalCount: number; edges: { node: Json }[] };
    if (Array.isArray(items)) return { rows: items.map(item), total: (data.countItems as { total: number }).total };
    return { rows: items.edges.map((edge) => item(edge.node)), total: items.totalCount };
  }
  return { rows: [item(json)] };
}
