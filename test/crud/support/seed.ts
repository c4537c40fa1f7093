/**
 * Known rows, reset before each test: three authors (mentor chain), three books, 25 countries, three book tags, four
 * tag votes (two with a null key column), no notes.
 */
import { eq } from "drizzle-orm";
import type { TestDatabase } from "./dialects.ts";

// biome-ignore lint/suspicious/noExplicitAny: the seed writes through whichever dialect's Drizzle database it is given.
type Loose = any;

export interface Seed {
  readonly alice: number;
  readonly bob: number;
  readonly carol: number;
  readonly dune: number;
  readonly emma: number;
  readonly fear: number;
}

export async function seed(t: TestDatabase): Promise<Seed> {
  const db = t.db as Loose;
  const { authors, books, countries, bookTags, notes, tagVotes } = t.tables;
  await db.delete(notes);
  await db.delete(tagVotes);
  await db.delete(bookTags);
  await db.delete(books);
  await db.update(authors).set({ mentorId: null });
  await db.delete(authors);
  await db.delete(countries);
  const author = async (values: Record<string, unknown>): Promise<number> => {
    await db.insert(authors).values(values);
    const [row] = await db
      .select({ id: authors.id })
      .from(authors)
      .where(eq(authors.email, values.email as string));
    return Number(row.id);
  };
  const alice = await author({
    name: "Alice",
    email: "alice@example.com",
    secret: "s-alice",
    rating: 5,
    active: true,
    born: new Date("1980-01-01T00:00:00Z"),
    logged: "yes",
    logged_in: "no",
    code: "A",
  });
  const bob = await author({
    name: "Bob",
    email: "bob@example.com",
    secret: "s-bob",
    rating: 3,
    active: false,
    born: new Date("1990-06-15T00:00:00Z"),
    logged: "no",
    logged_in: "yes",
    code: "B",
    mentorId: alice,
  });
  const carol = await author({
    name: "Carol 100%_x",
    email: "carol@example.com",
    secret: "s-carol",
    rating: null,
    active: true,
    born: null,
    logged: "maybe",
    logged_in: "maybe",
    code: "C",
    mentorId: bob,
  });
  const book = async (title: string, authorId: number, pages: number | null): Promise<number> => {
    const now = new Date();
    await db.insert(books).values({ title, authorId, pages, createdAt: now, updatedAt: now });
    const [row] = await db.select({ id: books.id }).from(books).where(eq(books.title, title));
    return Number(row.id);
  };
  const dune = await book("Dune", alice, 500);
  const emma = await book("Emma", bob, 300);
  const fear = await book("Fear", carol, null);
  await db.insert(countries).values(
    Array.from({ length: 25 }, (_, i) => ({
      code: `C${String(i + 1).padStart(2, "0")}`,
      name: `Country ${i + 1}`,
      size: i + 1,
    })),
  );
  await db.insert(bookTags).values([
    { bookId: dune, tag: "scifi", note: "space" },
    { bookId: dune, tag: "classic", note: null },
    { bookId: emma, tag: "classic", note: "regency" },
  ]);
  await db.insert(tagVotes).values([
    { tagBookId: dune, tagName: "scifi", voter: "v1" },
    { tagBookId: emma, tagName: "classic", voter: "v2" },
    { tagBookId: null, tagName: null, voter: "v3" },
    { tagBookId: dune, tagName: null, voter: "v4" },
  ]);
  return { alice, bob, carol, dune, emma, fear };
}
