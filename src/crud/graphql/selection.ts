/**
 * Whether a list query reads its total: `totalCount`, or `pageInfo { hasNextPage }` (a full page needs the total to
 * tell), through fragments too. Then the page's statement also counts the matching rows (operations/list.ts
 * `withTotal`): one statement instead of the page and then a COUNT. `@skip` and `@include` are not evaluated: a
 * conditional field counts as read, which at most counts rows the answer does not show.
 */
import { type FragmentDefinitionNode, type GraphQLResolveInfo, Kind, type SelectionSetNode } from "graphql";

type Fragments = Readonly<Record<string, FragmentDefinitionNode>>;

/** Whether `set` selects a field named `name` directly or in a fragment, and `inner` holds for one such field. */
function selects(
  set: SelectionSetNode | undefined,
  fragments: Fragments,
  name: string,
  inner: (field: SelectionSetNode | undefined) => boolean,
): boolean {
  for (const selection of set?.selections ?? []) {
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === name && inner(selection.selectionSet)) return true;
    } else {
      const nested = selection.kind === Kind.INLINE_FRAGMENT ? selection : fragments[selection.name.value];
      if (nested && selects(nested.selectionSet, fragments, name, inner)) return true;
    }
  }
  return false;
}

export function readsTotal(info: Pick<GraphQLResolveInfo, "fieldNodes" | "fragments">): boolean {
  const { fragments } = info;
  const any = () => true;
  const nextPage = (set: SelectionSetNode | undefined) => selects(set, fragments, "hasNextPage", any);
  return info.fieldNodes.some(
    (node) =>
      selects(node.selectionSet, fragments, "totalCount", any) ||
      selects(node.selectionSet, fragments, "pageInfo", nextPage),
  );
}
