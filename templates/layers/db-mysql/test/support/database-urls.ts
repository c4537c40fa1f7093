import { ConfigError } from "../../src/platform/config.ts";
import { openDatabase } from "../../src/platform/database/database.ts";

/** `DATABASE_URL` forms this project accepts. */
export const acceptedDatabaseUrls = ["mysql://root:secret-password@127.0.0.1:3306/app"];

/** URLs of other databases: each is a configuration error here, never a file or folder named after it. */
export const foreignDatabaseUrls = ["postgres://app:secret-password@127.0.0.1:5432/app", "file:./.data/app.sqlite"];

/**
 * MySQL always needs a server: the start-up tests that boot the service run when DATABASE_URL names one the service
 * can open (not one it would refuse to start on, e.g. with a wrong password).
 */
export const serverlessDatabaseUrl: string | undefined = await openable(process.env.DATABASE_URL);

async function openable(url: string | undefined): Promise<string | undefined> {
  if (!url?.startsWith("mysql://")) return undefined;
  try {
    await (await openDatabase(url)).close();
    return url;
  } catch (error) {
    if (error instanceof ConfigError) return undefined;
    throw error;
  }
}
