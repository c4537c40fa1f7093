export interface ProcessOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Waits for a child started with `stdout: "pipe", stderr: "pipe"` and collects what it printed. */
export async function collectOutput(child: {
  exited: Promise<number>;
  stdout: ReadableStream<Uint8Array>;
  stderr: ReadableStream<Uint8Array>;
}): Promise<ProcessOutput> {
  const [exitCode, stdout, stderr] = await Promise.all([
    child.exited,
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
  ]);
  return { exitCode, stdout, stderr };
}
