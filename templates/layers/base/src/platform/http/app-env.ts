/** Hono environment of the whole app; resources add their own variables through `ContextVariableMap`. */
export interface AppEnv {
  Variables: { requestId: string };
}
