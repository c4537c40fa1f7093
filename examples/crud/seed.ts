/** Seed rows so the example has something to list (inserted with Drizzle, outside the REST layer). */
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { authors, books, reviews } from "./schema.ts";

export async function seed(db: PgliteDatabase): Promise<void> {
  await db.insert(authors).values([
    { name: "Ursula K. Le Guin", country: "US", born: 1929, email: "ursula@example.invalid" },
    { name: "Stanisław Lem", country: "PL", born: 1921, email: "lem@example.invalid" },
    { name: "Octavia E. Butler", country: "US", born: 1947, email: "octavia@example.invalid" },
  ]);
  await db.insert(books).values([
    { title: "A Wizard of Earthsea", isbn: "9780553383041", year: 1968, price: 9.99, sold: 120, authorId: 1 },
    { title: "The Dispossessed", isbn: "9780061054884", year: 1974, price: 12.5, sold: 80, authorId: 1 },
    { title: "Solaris", isbn: "9780156027601", year: 1961, price: 11, sold: 95, authorId: 2 },
    { title: "The Cyberiad", isbn: "9780156027595", year: 1965, price: 10.25, sold: 40, authorId: 2 },
    { title: "Kindred", isbn: "9780807083697", year: 1979, price: 14, sold: 150, authorId: 3 },
  ]);
  await db.insert(reviews).values([
    { bookId: 1, rating: 5, comment: "Timeless.", reviewer: "bob" },
    { bookId: 3, rating: 4, comment: "The ocean thinks.", reviewer: "alice" },
    { bookId: 5, rating: 5, reviewer: "bob" },
  ]);
}
