/** A local MySQL / MariaDB server; the database is created on first start when the user may do so. */
export const defaultDatabaseUrl = "mysql://root@127.0.0.1:3306/__PROJECT_NAME__";
