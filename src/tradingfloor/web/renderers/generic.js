// The renderer every game gets: its view as readable panels, and forms for its legal actions built
// from the action JSON schema (game.schemas().action) and legal(...).describe().
import { el, fillSeats, seatName } from "../api.js";
import { fieldsFor, onSubmitFields, resolve } from "../forms.js";

const SCALAR = ["string", "number", "boolean"];

function isScalar(value) {
  return value === null || SCALAR.includes(typeof value);
}

const same = (text) => text;
const PAGE_WORDS = ["status", "news", "chapter", "recap"];

/** Any JSON value as something readable: scalars as text, flat records as tables, the rest nested;
 * `words` fills the seats into a game's texts. */
function readable(value, words = same) {
  const text = (v) => (v === null ? "—" : typeof v === "string" ? words(v) : String(v));
  if (isScalar(value)) return el("span", {}, text(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (value.every(isScalar)) return el("span", {}, value.map(text).join(" "));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return recordTable(value, words);
    return el("ol", {}, value.map((v) => el("li", {}, readable(v, words))));
  }
  return el("dl", { class: "kv" }, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, readable(v, words))]));
}

function recordTable(rows, words) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return el("div", { class: "scroll" }, el("table", { class: "sheet" },
    el("tr", {}, columns.map((c) => el("th", {}, c))),
    rows.map((r) => el("tr", {}, columns.map((c) => el("td", {}, r[c] === undefined ? "" : readable(r[c], words)))))));
}

/** A titled panel holding any JSON value. */
function panel(title, value, words = same) {
  return el("section", { class: "panel" }, el("h3", {}, title), readable(value, words));
}

/** The schema of the action whose `type` is `type`, from a discriminated union's schema. */
function actionSchema(schema, type) {
  const variants = schema.oneOf || schema.anyOf || [schema];
  for (const variant of variants) {
    const resolved = resolve(variant, schema);
    const tag = (resolved.properties || {}).type || {};
    if (tag.const === type || tag.default === type || (tag.enum || []).includes(type)) return resolved;
  }
  return { properties: {} };
}

// Keys of a describe() entry that are words for the person, not fields of the action.
const WORDS = ["label", "note", "count"];

function isConcrete(entry, schema) {
  const props = schema.properties || {};
  return Object.entries(entry).every(([k, v]) => k === "type" || WORDS.includes(k)
    || (k in props && !(typeof v === "string" && (props[k].type || "") !== "string")));
}

/** A listed move as the action to send: the entry without its words. */
function actionOf(entry) {
  return Object.fromEntries(Object.entries(entry).filter(([k]) => !(entry.label !== undefined && WORDS.includes(k))));
}

function refusalSlot() {
  return el("span", { class: "error", role: "alert" });
}

function submitter(ctx, error, words = (text) => text) {
  return async (action) => {
    error.textContent = "";
    const reply = await ctx.send(action);
    if (!reply.ok) error.textContent = words(reply.error);
  };
}

function label(entry, words) {
  if (entry.label) return words(entry.label);
  const fields = Object.entries(entry).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return `${entry.type}${fields.length ? `: ${fields.join(", ")}` : ""}`;
}

/** A form's button: the first word of its title ("Bid", "Invest"), or "send" for an untitled form. */
export function verbOf(title) {
  const word = (title || "").trim().split(/[\s:,(]/)[0];
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : "send";
}

/** A form with inputs for the action's fields, sent as {type, ...fields}. */
function fieldForm(type, schema, root, hints, fixed, notes, ctx, words, title) {
  const error = refusalSlot();
  const send = submitter(ctx, error, words);
  const props = Object.fromEntries(Object.entries(schema.properties || {}).filter(([name]) => !(name in fixed)));
  const form = el("form", { class: "actions", "data-action": type, novalidate: true },
    el("strong", {}, title ? words(title) : type), ...fieldsFor({ ...schema, properties: props }, root, {}, hints, words),
    el("button", { type: "submit" }, title ? verbOf(words(title)) : "send"), error,
    notes.length ? el("span", { class: "muted note" }, notes.join("; ")) : null);
  onSubmitFields(form, error, (fields) => send({ type, ...fixed, ...fields }));
  return form;
}

/** Many labelled moves of one type: one list to pick from. */
function labelledChoice(type, entries, ctx, words) {
  const error = refusalSlot();
  const send = submitter(ctx, error, words);
  const select = el("select", { name: "move" }, entries.map((e, i) => el("option", { value: i }, label(e, words))));
  return el("form", { class: "actions", "data-action": type, onsubmit: (event) => {
    event.preventDefault();
    send(actionOf(entries[Number(select.value)]));
  } }, select, el("button", { type: "submit" }, "Do it"), error);
}

/** The forms for every listed action of one type: a button each when few, else one form. */
function typeForms(type, entries, ctx, words) {
  const root = ctx.game.schemas.action || {};
  const schema = actionSchema(root, type);
  const concrete = entries.filter((e) => !e.fields && isConcrete(e, schema));
  const out = [];
  const labelled = concrete.length > 0 && concrete.every((e) => e.label);
  if (concrete.length && (concrete.length <= 4 || (labelled && concrete.length <= 6))) {
    const error = refusalSlot();
    const send = submitter(ctx, error, words);
    out.push(el("div", { class: "actions" }, concrete.map((e) => el("button", { type: "button", onclick: () => send(actionOf(e)) }, label(e, words))), error));
  } else if (labelled) {
    out.push(labelledChoice(type, concrete, ctx, words));
  } else if (concrete.length) {
    // Many listed actions of one type: a choice per field, from the values that occur.
    const names = [...new Set(concrete.flatMap((e) => Object.keys(e)))].filter((k) => k !== "type");
    const hints = {};
    const fixed = {};
    for (const name of names) {
      const values = [...new Set(concrete.map((e) => JSON.stringify(e[name])))].map((v) => JSON.parse(v));
      if (values.length === 1) fixed[name] = values[0];
      else hints[name] = { choices: values };
    }
    const props = Object.fromEntries(names.map((n) => [n, (schema.properties || {})[n] || {}]));
    out.push(fieldForm(type, { ...schema, properties: props }, root, hints, fixed, [], ctx, words));
  }
  for (const entry of entries.filter((e) => !concrete.includes(e))) {
    const notes = entry.label !== undefined
      ? (entry.note ? [words(entry.note)] : [])
      : Object.entries(entry).filter(([k, v]) => k !== "type" && k !== "fields" && typeof v !== "object").map(([k, v]) => `${k}: ${v}`);
    out.push(fieldForm(type, schema, root, entry.fields || {}, {}, notes, ctx, words, entry.label));
  }
  return out;
}

/** Forms for every action the seat may take now (empty for spectators and seats that wait). */
function actionForms(update, ctx) {
  const legal = update.legal || { actions: [] };
  const words = (text) => fillSeats(update, text);
  const box = el("section", { class: "panel", id: "your-move" }, el("h3", {}, "Your move"));
  if (update.seat === null) return el("div");
  if (!legal.actions || legal.actions.length === 0) {
    box.append(el("p", { class: "muted" }, legal.why ? words(legal.why) : "nothing to do now"));
    return box;
  }
  const byType = new Map();
  for (const entry of legal.actions) byType.set(entry.type, [...(byType.get(entry.type) || []), entry]);
  for (const [type, entries] of byType) box.append(...typeForms(type, entries, ctx, words));
  return box;
}

/** The finished game's result as a table. */
function standings(update) {
  const result = update.result;
  if (!result) return el("p", { class: "muted" }, "the game is not over");
  const order = result.scores.map((_, s) => s).sort((a, b) => result.ranks[a] - result.ranks[b]);
  return el("div", {},
    el("table", { class: "sheet standings" },
      el("tr", {}, ["rank", "seat", "score", ""].map((h) => el("th", {}, h))),
      order.map((s) => el("tr", { class: s === update.seat ? "mine" : "" },
        el("td", {}, result.ranks[s]), el("td", {}, seatName(update, s)), el("td", {}, result.scores[s]),
        el("td", {}, result.winners.includes(s) ? "winner" : "")))),
    el("p", { class: "muted" }, result.reason));
}

export default {
  panel,
  actionForms,
  verbOf,
  standings,
  readable,
  render(root, update, ctx) {
    // Keep the forms (and what is typed in them) while the seat's legal actions stay the same.
    const key = JSON.stringify([update.seat, update.legal, update.replay]);
    if (root.dataset.formsKey !== key || !root.querySelector(".generic-forms")) {
      root.replaceChildren(el("div", { class: "generic-forms" }), el("div", { class: "generic-view grid" }));
      root.dataset.formsKey = key;
      if (!update.replay) root.querySelector(".generic-forms").append(actionForms(update, ctx));
    }
    // Plain values together in one panel; lists and records each in their own.
    // The match page shows the view's words (status, news, chapter, recap) itself.
    const entries = Object.entries(update.view).filter(([k]) => !PAGE_WORDS.includes(k));
    const plain = Object.fromEntries(entries.filter(([, v]) => isScalar(v) || (Array.isArray(v) && v.every(isScalar))));
    const words = (text) => (text.includes("{seat:") ? fillSeats(update, text) : text);
    const panels = entries.filter(([k]) => !(k in plain)).map(([name, value]) => panel(name, value, words));
    root.querySelector(".generic-view").replaceChildren(panel("table", plain, words), ...panels);
  },
};
