// Form fields built from JSON schemas (pydantic's), shared by the lobby and the generic renderer.
import { el } from "./api.js";

/** Follow a local "$ref" in `root`. */
export function resolve(schema, root) {
  if (schema && schema.$ref && root) {
    const path = schema.$ref.replace(/^#\//, "").split("/");
    let target = root;
    for (const part of path) target = target ? target[part] : undefined;
    return resolve(target || {}, root);
  }
  if (schema && schema.allOf && schema.allOf.length === 1) return resolve(schema.allOf[0], root);
  return schema || {};
}

/** The input for one property; `hint` is {min, max} from legal().describe() where known. */
export function inputFor(name, schema, root, value, hint = {}) {
  const prop = resolve(schema, root);
  const type = prop.type || (prop.anyOf ? (prop.anyOf.find((s) => s.type !== "null") || {}).type : "string");
  const title = prop.description || prop.title || name;
  const choices = hint.choices || prop.enum;
  if (choices) {
    const typed = (v) => (typeof v === "number" ? "number" : typeof v === "boolean" ? "boolean" : "string");
    return el("select", { name, title, "data-kind": typed(choices[0]) },
      choices.map((v) => el("option", { value: String(v), selected: v === value }, String(v))));
  }
  if (type === "boolean") {
    return el("input", { type: "checkbox", name, title, checked: Boolean(value) });
  }
  if (type === "integer" || type === "number") {
    const min = hint.min ?? prop.minimum ?? prop.exclusiveMinimum;
    const max = hint.max ?? prop.maximum ?? prop.exclusiveMaximum;
    return el("input", {
      type: "number", name, title, min, max, step: type === "integer" ? 1 : "any",
      value: value ?? prop.default ?? (min ?? 0),
    });
  }
  if (type === "array") {
    return el("input", {
      type: "text", name, title, "data-kind": "array",
      placeholder: "numbers separated by spaces or commas",
      value: Array.isArray(value) ? value.join(" ") : "",
    });
  }
  return el("input", { type: "text", name, title, value: value ?? prop.default ?? "" });
}

/** Read a form's inputs back as JSON values of the right types. */
export function readInputs(form) {
  const out = {};
  for (const input of form.querySelectorAll("input[name], select[name]")) {
    if (input.type === "checkbox") out[input.name] = input.checked;
    else if (input.value === "") continue; // left empty: the default, or the server says what is missing
    else if (input.type === "number" || input.dataset.kind === "number") out[input.name] = Number(input.value);
    else if (input.dataset.kind === "boolean") out[input.name] = input.value === "true";
    else if (input.dataset.kind === "array") {
      out[input.name] = input.value.split(/[\s,;]+/).filter((x) => x !== "").map((x) => (/^-?\d+$/.test(x) ? Number(x) : x));
    } else out[input.name] = input.value;
  }
  return out;
}

/** Labelled inputs for every property of an object schema. */
export function fieldsFor(schema, root, values = {}, hints = {}) {
  const props = resolve(schema, root).properties || {};
  return Object.entries(props)
    .filter(([name]) => name !== "type")
    .map(([name, prop]) => el("label", {}, name, inputFor(name, prop, root, values[name], hints[name] || {})));
}
