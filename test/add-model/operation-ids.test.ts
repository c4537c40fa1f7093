import { describe, expect, test } from "bun:test";
import type { ModelRecord } from "../../src/add-model/model.ts";
import { checkOperationIds, operationIds } from "../../src/add-model/operation-ids.ts";

const model = (name: string, belongsTo: string[] = [], plural: string | null = null): ModelRecord => ({
  name,
  plural,
  fields: [{ name: "title", type: "string", unique: false, notNull: true, index: false }],
  belongsTo,
  hasMany: [],
  public: false,
});

const CATEGORY = model("Category");
const PRODUCT = model("Product", ["Category"]);

describe("add-model's operationIds", () => {
  // The same list test/add-model/openapi-contract.test.ts reads from a generated project's document.
  test("are those the rendered routes carry: the five own ones and, per parent, the nested list and create", () => {
    expect(operationIds(CATEGORY)).toEqual([
      "listCategories",
      "getCategory",
      "replaceCategory",
      "deleteCategory",
      "createCategory",
    ]);
    expect(operationIds(PRODUCT).slice(5)).toEqual(["listCategoryProducts", "createCategoryProduct"]);
  });

  test("a model whose operation would take another's id is refused, naming both", () => {
    expect(() => checkOperationIds(model("CategoryProduct"), [CATEGORY, PRODUCT], "full")).toThrow(
      "Model CategoryProduct: its operation listCategoryProducts would have the id of one of model Product's",
    );
    expect(() => checkOperationIds(model("Liveness"), [], "minimal")).toThrow("minimal template");
    expect(() => checkOperationIds(model("Login", [], "logins"), [], "full")).not.toThrow();
    expect(() => checkOperationIds(model("Item", ["User"]), [model("UserItem")], "full")).toThrow("model UserItem");
  });

  test("the issue's chain and graphql's models pass", () => {
    expect(() => checkOperationIds(CATEGORY, [], "full")).not.toThrow();
    expect(() => checkOperationIds(PRODUCT, [CATEGORY], "full")).not.toThrow();
    expect(() => checkOperationIds(model("Liveness"), [], "graphql")).not.toThrow();
  });
});
