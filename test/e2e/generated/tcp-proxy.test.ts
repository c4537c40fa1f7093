import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createConnection, createServer, type Server } from "node:net";
import { startTcpProxy, type TcpProxy } from "../../support/tcp-proxy.ts";

/** The outage tests trust this proxy to really cut the database off; check its three modes on an echo server. */
let echo: Server;
let proxy: TcpProxy;

beforeAll(async () => {
  echo = createServer((socket) => socket.pipe(socket));
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  proxy = await startTcpProxy("127.0.0.1", (echo.address() as { port: number }).port);
});
afterAll(async () => {
  await proxy.close();
  await new Promise((resolve) => echo.close(resolve));
});

/** Connects through the proxy, sends `text`; resolves with what came back, "closed", or "silent" after 300 ms. */
function roundTrip(text: string, socket = createConnection({ host: "127.0.0.1", port: proxy.port })) {
  return new Promise<string>((resolve) => {
    const timer = setTimeout(() => resolve("silent"), 300);
    socket.once("data", (data) => {
      clearTimeout(timer);
      resolve(data.toString());
    });
    socket.once("close", () => {
      clearTimeout(timer);
      resolve("closed");
    });
    socket.on("error", () => {});
    socket.write(text);
  });
}

describe("tcp proxy", () => {
  test("forwards, blackholes (open and new connections fall silent), refuses, and forwards again", async () => {
    const open = createConnection({ host: "127.0.0.1", port: proxy.port });
    expect(await roundTrip("one", open)).toBe("one");

    proxy.setMode("blackhole");
    expect(await roundTrip("two", open)).toBe("silent");
    expect(await roundTrip("three")).toBe("silent");

    proxy.setMode("refuse");
    expect(open.destroyed || (await roundTrip("four", open)) === "closed").toBe(true);
    expect(await roundTrip("five")).toBe("closed");

    proxy.setMode("forward");
    expect(await roundTrip("six")).toBe("six");
    open.destroy();
  });
});
