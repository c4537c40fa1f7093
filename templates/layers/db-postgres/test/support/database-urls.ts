/** `DATABASE_URL` forms this project accepts: a server, or embedded PGlite. */
export const acceptedDatabaseUrls = [
  "postgres://app:secret-password@127.0.0.1:5432/app",
  "postgresql://app@db.example.com/app",
  "pglite:./.data/postgres",
  "pglite:memory:",
];

/** URLs of other databases: each is a configuration error here, never a file or folder named after it. */
export const foreignDatabaseUrls = ["mysql://root:secret-password@127.0.0.1:3306/app", "file:./.data/app.sqlite"];

/** A database the service starts on without a server, for the start-up tests. */
export const serverlessDatabaseUrl: string | undefined = "pglite:memory:";
