import { describe, expect, test } from "bun:test";
import { batchedDestination } from "../../src/infrastructure/log-destination.ts";

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("batched log destination", () => {
  test("lines written in one turn of the event loop reach the sink as one chunk, in order, on the next turn", async () => {
    const chunks: string[] = [];
    const destination = batchedDestination((chunk) => chunks.push(chunk));
    destination.write("a\n");
    destination.write("b\n");
    expect(chunks).toEqual([]);
    await nextTurn();
    expect(chunks).toEqual(["a\nb\n"]);
    destination.write("c\n");
    await nextTurn();
    await nextTurn();
    expect(chunks).toEqual(["a\nb\n", "c\n"]);
  });

  test("flushSync and flush write what is pending at once, and nothing twice", async () => {
    const chunks: string[] = [];
    const destination = batchedDestination((chunk) => chunks.push(chunk));
    destination.write("a\n");
    destination.flushSync();
    expect(chunks).toEqual(["a\n"]);
    destination.write("b\n");
    const flushed = await new Promise<Error | undefined>((resolve) => destination.flush(resolve));
    expect(flushed).toBeUndefined();
    expect(chunks).toEqual(["a\n", "b\n"]);
    await nextTurn();
    expect(chunks).toEqual(["a\n", "b\n"]);
  });

  test("flush reports a failing sink to its callback", async () => {
    const destination = batchedDestination(() => {
      throw new Error("disk full");
    });
    destination.write("a\n");
    const flushed = await new Promise<Error | undefined>((resolve) => destination.flush(resolve));
    expect(flushed?.message).toBe("disk full");
  });
});
