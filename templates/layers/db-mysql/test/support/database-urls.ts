/** `DATABASE_URL` forms this project accepts. */
export const acceptedDatabaseUrls = ["mysql://root:secret-password@127.0.0.1:3306/app"];

/** URLs of other databases: each is a configuration error here, never a file or folder named after it. */
export const foreignDatabaseUrls = ["postgres://app:secret-password@127.0.0.1:5432/app", "file:./.data/app.sqlite"];

/** MySQL always needs a server: the start-up tests that boot the service run when DATABASE_URL names one. */
export const serverlessDatabaseUrl: string | undefined = process.env.DATABASE_URL?.startsWith("mysql://")
  ? process.env.DATABASE_URL
  : undefined;
