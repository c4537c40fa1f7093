/** `DATABASE_URL` forms this project accepts. */
export const acceptedDatabaseUrls = ["file:./.data/app.sqlite", "./.data/app.sqlite", ":memory:"];

/** URLs of other databases: each is a configuration error here, never a file or folder named after it. */
export const foreignDatabaseUrls = [
  "mysql://root:secret-password@127.0.0.1:3306/app",
  "postgres://app:secret-password@127.0.0.1:5432/app",
];

/** A database the service starts on without a server, for the start-up tests. */
export const serverlessDatabaseUrl: string | undefined = ":memory:";
