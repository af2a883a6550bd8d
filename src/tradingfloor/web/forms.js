// Form fields built from JSON schemas (pydantic's) and legal(...).describe() hints, shared by the
// lobby and the renderers.
import { el } from "./api.js";

/** A value a person typed that cannot be read; its message names the field. */
export class FormError extends Error {}

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

function typeOf(prop) {
  if (prop.type) return prop.type;
  if (prop.anyOf) return (prop.anyOf.find((s) => s.type !== "null") || {}).type || "string";
  if (prop.additionalProperties) return "object";
  return "string";
}

/** A field's name for people: its schema's own title, else its name in words ("max_rounds" ->
 * "Max rounds"; pydantic's title-cased default counts as no title). */
export function titleOf(name, prop = {}) {
  const auto = name.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  const words = name.replace(/[_-]/g, " ");
  if (prop.title && prop.title !== auto) return prop.title;
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const UPLOAD = "\u0000upload"; // the file choice's "upload files" entry (never a variant's name)
const MOST_BYTES = 1_000_000; // a file larger than this is no game data

/** An option that names files: the default, a shipped variant (the schema's `enum` or `examples`),
 * or files uploaded from this computer, read here and sent inline as {"files": {name: text}}.
 * Never a box for a path on the server. */
export function fileChoice(name, prop, root, value) {
  const resolved = resolve(prop, root);
  const members = (resolved.anyOf || resolved.oneOf || []).map((m) => resolve(m, root));
  const variants = [...new Set([...(resolved.enum || []), ...(resolved.examples || []),
    ...members.flatMap((m) => [...(m.enum || []), ...(m.examples || [])])])]
    .filter((v) => typeof v === "string" && v !== "default");
  const label = titleOf(name, resolved);
  const select = el("select", { name, title: resolved.description, "data-kind": "file-choice", "data-label": label },
    el("option", { value: "" }, "the game's own"),
    variants.map((v) => el("option", { value: v, selected: v === value }, `${v} (shipped variant)`)),
    el("option", { value: UPLOAD }, "upload files…"));
  const files = el("input", { type: "file", multiple: true, accept: ".toml,.json,.txt", class: "upload", hidden: true, "aria-label": `${label}: files to upload` });
  const note = el("span", { class: "muted upload-note" });
  select.uploaded = null;
  select.addEventListener("change", () => {
    files.hidden = select.value !== UPLOAD;
    note.textContent = select.value === UPLOAD && !select.uploaded ? "choose one or more files" : note.textContent;
    if (select.value !== UPLOAD) note.textContent = "";
  });
  files.addEventListener("change", async () => {
    const chosen = [...files.files];
    const big = chosen.find((f) => f.size > MOST_BYTES);
    if (big) {
      select.uploaded = null;
      note.textContent = `${big.name} is too large to be game data`;
      return;
    }
    const texts = await Promise.all(chosen.map((f) => f.text()));
    select.uploaded = chosen.length ? { files: Object.fromEntries(chosen.map((f, i) => [f.name, texts[i]])) } : null;
    note.textContent = chosen.length ? `read ${chosen.map((f) => f.name).join(", ")}` : "choose one or more files";
    select.dispatchEvent(new Event("input", { bubbles: true }));
  });
  return el("span", { class: "file-choice" }, select, files, note);
}

/** Whether an option names files (a variant or uploaded files): its schema takes {"files": ...}. */
export function isFileOption(name, prop, root) {
  const resolved = resolve(prop, root);
  const members = (resolved.anyOf || resolved.oneOf || [resolved]).map((m) => resolve(m, root));
  return members.some((m) => m.properties && m.properties.files);
}

/** A choice's value as an <option> value; choiceValue reads it back with its JSON type. */
function optionValue(choice) {
  return choice === null ? "" : String(choice);
}

/** A <select> of `choices` shown as `labels`; the select remembers the choices' JSON values. */
export function choiceSelect(name, choices, labels, value, title) {
  const select = el("select", { name, title, "data-kind": "choice" },
    choices.map((v, i) => el("option", { value: optionValue(v), selected: v === value },
      labels && labels[i] !== undefined ? labels[i] : v === null ? "none" : String(v).replaceAll("_", " "))));
  select.choices = choices;
  return select;
}

function choiceValue(select) {
  const found = select.choices.find((c) => optionValue(c) === select.value);
  return found === undefined ? select.value : found;
}

/** The input for one property; `hint` is a field of legal().describe() where known:
 * {label, min, max, choices, labels, places, placeholder}. */
export function inputFor(name, schema, root, value, hint = {}) {
  const prop = resolve(schema, root);
  const type = typeOf(prop);
  const title = prop.description || hint.label || prop.title || name;
  const choices = hint.choices || prop.enum;
  if (choices) return choiceSelect(name, choices, hint.labels, value ?? prop.default, title);
  if (hint.places !== undefined || type === "array") {
    return el("input", {
      type: "text", name, title, "data-kind": "array", inputmode: hint.places !== undefined ? "numeric" : undefined,
      "data-places": hint.places, autocomplete: "off",
      placeholder: hint.placeholder || "numbers separated by spaces or commas",
      value: Array.isArray(value) ? value.join(" ") : "",
    });
  }
  if (type === "boolean") {
    return el("input", { type: "checkbox", name, title, checked: Boolean(value) });
  }
  if (type === "integer" || type === "number" || hint.min !== undefined || hint.max !== undefined) {
    // A number that may be left empty (its schema: anyOf the number and null): its bounds are the
    // number's, and empty is its default (the schema's `default_words` say what that means).
    const number = (prop.anyOf || []).find((s) => s.type === "integer" || s.type === "number") || prop;
    const min = hint.min ?? number.minimum ?? number.exclusiveMinimum;
    const max = hint.max ?? number.maximum ?? number.exclusiveMaximum;
    const empty = prop.anyOf && prop.default === null;
    return el("input", {
      type: "number", name, title, min, max, step: type === "integer" || hint.min !== undefined ? 1 : "any",
      value: value ?? prop.default ?? (empty ? "" : (min ?? 0)), placeholder: empty ? prop.default_words : undefined,
    });
  }
  if (type === "object") {
    const filled = value && typeof value === "object" && Object.keys(value).length;
    return el("input", {
      type: "text", name, title, "data-kind": "object", "data-label": titleOf(name, prop), autocomplete: "off",
      class: "json", placeholder: "none", value: filled ? JSON.stringify(value) : "",
    });
  }
  return el("input", { type: "text", name, title, value: value ?? prop.default ?? "" });
}

/** The numbers typed in a list field ("3 1", "3, 1"). */
function readList(input) {
  const parts = input.value.split(/[\s,;]+/).filter((x) => x !== "");
  if (input.dataset.places === undefined) return parts.map((x) => (/^-?\d+$/.test(x) ? Number(x) : x));
  if (!parts.every((x) => /^-?\d+$/.test(x))) throw new FormError("type whole numbers separated by spaces, e.g. 3 1");
  const places = Number(input.dataset.places);
  if (parts.length !== places) {
    throw new FormError(`type ${places} number${places === 1 ? "" : "s"}, one for each place (you typed ${parts.length})`);
  }
  return parts.map(Number);
}

/** An object typed as JSON text; empty or {} is left out (the default). */
function readObject(input) {
  const text = input.value.trim();
  const label = input.dataset.label || input.name;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FormError(`${label}: write it as a JSON object in braces, e.g. {"name": 1}; this is not one`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new FormError(`${label}: write an object in braces, e.g. {"name": 1}`);
  }
  return Object.keys(parsed).length ? parsed : undefined;
}

/** Read a form's inputs back as JSON values of the right types; FormError when one cannot be read.
 * `waiting`: files still to be chosen for an upload leave their option out instead (a preview). */
export function readInputs(form, { waiting = false } = {}) {
  const out = {};
  for (const input of form.querySelectorAll("input[name], select[name]")) {
    if (input.dataset.kind === "file-choice") {
      if (input.value === UPLOAD && !input.uploaded && waiting) continue;
      if (input.value === UPLOAD && !input.uploaded) throw new FormError(`${input.dataset.label}: choose the files to upload`);
      if (input.value === UPLOAD) out[input.name] = input.uploaded;
      else if (input.value !== "") out[input.name] = input.value;
    } else if (input.type === "checkbox") out[input.name] = input.checked;
    else if (input.dataset.kind === "choice" && input.choices) out[input.name] = choiceValue(input);
    else if (input.value.trim() === "") continue; // left empty: the default, or the server says what is missing
    else if (input.type === "number" || input.dataset.kind === "number") out[input.name] = Number(input.value);
    else if (input.dataset.kind === "boolean") out[input.name] = input.value === "true";
    else if (input.dataset.kind === "array") out[input.name] = readList(input);
    else if (input.dataset.kind === "object") {
      const value = readObject(input);
      if (value !== undefined) out[input.name] = value;
    } else out[input.name] = input.value;
  }
  return out;
}

/** The words beside a field: its range where it has one. */
function rangeNote(hint) {
  if (hint.places !== undefined) {
    const least = hint.min !== undefined ? `at least ${hint.min} a place` : "";
    const most = hint.max !== undefined ? `at most ${hint.max} in all` : "";
    return [least, most].filter(Boolean).join(", ");
  }
  if (hint.min !== undefined && hint.max !== undefined) return hint.min === hint.max ? "" : `${hint.min} to ${hint.max}`;
  return "";
}

/** Labelled inputs for every property of an object schema; `hints` from legal().describe(). */
export function fieldsFor(schema, root, values = {}, hints = {}, words = (text) => text) {
  const props = resolve(schema, root).properties || {};
  return Object.entries(props)
    .filter(([name]) => name !== "type")
    .map(([name, prop]) => {
      const hint = hints[name] || {};
      const resolved = resolve(prop, root);
      const labels = hint.labels ? hint.labels.map(words) : undefined;
      const range = rangeNote(hint);
      return el("label", { "data-field": name },
        el("span", { class: "field-name" }, words(hint.label || titleOf(name, resolved))),
        inputFor(name, prop, root, values[name], { ...hint, labels }),
        range ? el("span", { class: "muted range" }, range) : null);
    });
}

/** On submit, read the form's inputs and pass them to `send`; an input that cannot be read is
 * explained in `error` instead. */
export function onSubmitFields(form, error, send) {
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    let fields;
    try {
      fields = readInputs(form);
    } catch (err) {
      if (!(err instanceof FormError)) throw err;
      error.textContent = err.message;
      return;
    }
    send(fields);
  });
}
