/**
 * The CLI on a real pseudo-terminal: util-linux `script` runs it on a pty; text is written to it as a user types it,
 * and the screen is the pty's output without its escape sequences.
 */
import { stripVTControlCharacters } from "node:util";
import { cliPath, home } from "../cli/run-cli.ts";
import { findTool } from "./env.ts";

export const scriptTool = findTool("script");

/** Starts `scaffold <args>` on a fresh pty in `cwd`; helpers to wait for text, type and await the exit code. */
export function ptySession(cwd: string, args: string) {
  // A pty made by `script` from a pipe has no size; clack would wrap every character.
  const command = `stty cols 120 rows 50; exec ${process.execPath} ${cliPath} ${args}`;
  const child = Bun.spawn([scriptTool ?? "script", "-qefc", command, "/dev/null"], {
    cwd,
    env: { PATH: process.env.PATH ?? "", HOME: home, NO_COLOR: "1", TERM: "xterm-256color" },
    stdin: "pipe",
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  const reading = (async () => {
    const decoder = new TextDecoder();
    for await (const chunk of child.stdout) output += decoder.decode(chunk, { stream: true });
  })();
  const screen = () => stripVTControlCharacters(output);
  return {
    screen,
    kill: () => child.kill(),
    async waitFor(text: string) {
      for (let i = 0; i < 200 && !screen().includes(text); i++) await Bun.sleep(50);
      if (!screen().includes(text)) throw new Error(`timed out waiting for "${text}"; screen:\n${screen()}`);
    },
    async type(text: string) {
      child.stdin.write(text);
      await child.stdin.flush();
    },
    /** Ends the terminal's input, as a closed pipe into `script` does (it then sends the pty its end-of-file). */
    async closeInput() {
      await child.stdin.end();
    },
    async exitCode() {
      const code = await child.exited;
      await reading;
      return code;
    },
  };
}
