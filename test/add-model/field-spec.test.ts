import { describe, expect, test } from "bun:test";
import { parseFieldSpec } from "../../src/add-model/field-spec.ts";

describe("field spec", () => {
  test("every type and modifier; camelCase names are stored as snake_case", () => {
    const { fields, notices } = parseFieldSpec(
      "title:string:not_null:unique, price:float64,stock:uint,published:bool,releasedAt:time:index,stars:int",
    );
    expect(notices).toEqual([]);
    expect(fields).toEqual([
      { name: "title", type: "string", unique: true, notNull: true, index: false },
      { name: "price", type: "float64", unique: false, notNull: false, index: false },
      { name: "stock", type: "uint", unique: false, notNull: false, index: false },
      { name: "published", type: "bool", unique: false, notNull: false, index: false },
      { name: "released_at", type: "time", unique: false, notNull: false, index: true },
      { name: "stars", type: "int", unique: false, notNull: false, index: false },
    ]);
  });

  test("automatic fields are ignored with a notice", () => {
    const { fields, notices } = parseFieldSpec("id:int,name:string,created_at:time,deletedAt:time");
    expect(fields.map((field) => field.name)).toEqual(["name"]);
    expect(notices).toHaveLength(3);
    expect(notices[0]).toContain('"id" is added to every model automatically');
  });

  test("each kind of bad spec is a usage error naming the bad part", () => {
    const cases: Array<[string, RegExp]> = [
      ["", /--fields is empty/],
      ["  ", /--fields is empty/],
      ["name:string,,age:int", /empty entry/],
      ["name:string,", /empty entry/],
      ["name", /Field "name" has no type/],
      ["name:text", /Unknown type "text" of field "name"/],
      ["name:string:required", /Unknown modifier "required" of field "name"/],
      ["name:string:unique:unique", /repeats a modifier/],
      ["name:string,name:int", /Field "name" is given twice/],
      ["name:string,Name:int", /must be snake_case or camelCase/],
      ["first name:string", /must be snake_case or camelCase/],
      ["1st:string", /must be snake_case or camelCase/],
      ["user_id:int", /ends in _id: a reference is declared with --belongs-to/],
      ["class:string", /JavaScript keyword/],
      ["constructor:string", /"constructor" is a member of every JavaScript object \(Object.prototype.constructor\)/],
      ["toString:string", /Object.prototype.toString\)/],
      ["to_string:string", /Object.prototype.toString\)/],
      ["value_of:int", /Object.prototype.valueOf\)/],
      ["hasOwnProperty:bool", /Object.prototype.hasOwnProperty\)/],
      ["is_prototype_of:bool", /Object.prototype.isPrototypeOf\)/],
      ["notDeleted:bool", /taken by the column behind unique fields on MySQL/],
      ["id:int,created_at:time", /only automatic fields/],
    ];
    for (const [spec, message] of cases) {
      let error: unknown;
      try {
        parseFieldSpec(spec);
      } catch (caught) {
        error = caught;
      }
      expect([spec, (error as Error | undefined)?.message]).toEqual([spec, expect.stringMatching(message)]);
      expect((error as { exitCode: number }).exitCode).toBe(2);
    }
  });
});
