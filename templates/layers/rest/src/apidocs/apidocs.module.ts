import { defineModule } from "../platform/module.ts";
import { mountApiDocs } from "./apidocs.ts";

/** `/apidocs` and the OpenAPI document of every route, with the security schemes and tags the modules name. */
export const apidocsModule = defineModule({
  provide: () => ({}),
  mount: mountApiDocs,
});
