// The renderer every game gets: its view as readable panels, and forms for its legal actions built
// from the action JSON schema (game.schemas().action) and legal(...).describe().
import { el, seatName } from "../api.js";
import { fieldsFor, readInputs, resolve } from "../forms.js";

const SCALAR = ["string", "number", "boolean"];

function isScalar(value) {
  return value === null || SCALAR.includes(typeof value);
}

/** Any JSON value as something readable: scalars as text, flat records as tables, the rest nested. */
function readable(value) {
  if (isScalar(value)) return el("span", {}, value === null ? "—" : String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el("span", { class: "muted" }, "none");
    if (value.every(isScalar)) return el("span", {}, value.map((v) => (v === null ? "—" : String(v))).join(" "));
    if (value.every((v) => v && typeof v === "object" && !Array.isArray(v))) return recordTable(value);
    return el("ol", {}, value.map((v) => el("li", {}, readable(v))));
  }
  return el("dl", { class: "kv" }, Object.entries(value).flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, readable(v))]));
}

function recordTable(rows) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return el("div", { class: "scroll" }, el("table", { class: "sheet" },
    el("tr", {}, columns.map((c) => el("th", {}, c))),
    rows.map((r) => el("tr", {}, columns.map((c) => el("td", {}, r[c] === undefined ? "" : readable(r[c])))))));
}

/** A titled panel holding any JSON value. */
function panel(title, value) {
  return el("section", { class: "panel" }, el("h3", {}, title), readable(value));
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

function isConcrete(entry, schema) {
  const props = schema.properties || {};
  return Object.entries(entry).every(([k, v]) => k === "type" || (k in props && !(typeof v === "string" && (props[k].type || "") !== "string")));
}

function refusalSlot() {
  return el("span", { class: "error", role: "alert" });
}

function submitter(ctx, error) {
  return async (action) => {
    error.textContent = "";
    const reply = await ctx.send(action);
    if (!reply.ok) error.textContent = reply.error;
  };
}

function label(entry) {
  const fields = Object.entries(entry).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return `${entry.type}${fields.length ? `: ${fields.join(", ")}` : ""}`;
}

/** A form with inputs for the action's fields, sent as {type, ...fields}. */
function fieldForm(type, schema, root, hints, fixed, notes, ctx) {
  const error = refusalSlot();
  const send = submitter(ctx, error);
  const props = Object.fromEntries(Object.entries(schema.properties || {}).filter(([name]) => !(name in fixed)));
  const form = el("form", { class: "actions", "data-action": type, novalidate: true },
    el("strong", {}, type), ...fieldsFor({ ...schema, properties: props }, root, {}, hints),
    el("button", { type: "submit" }, "send"), error,
    notes.length ? el("span", { class: "muted" }, notes.join("; ")) : null);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    send({ type, ...fixed, ...readInputs(form) });
  });
  return form;
}

/** The forms for every listed action of one type: a button each when few, else one form. */
function typeForms(type, entries, ctx) {
  const root = ctx.game.schemas.action || {};
  const schema = actionSchema(root, type);
  const concrete = entries.filter((e) => !e.fields && isConcrete(e, schema));
  const out = [];
  if (concrete.length && concrete.length <= 4) {
    const error = refusalSlot();
    const send = submitter(ctx, error);
    out.push(el("div", { class: "actions" }, concrete.map((e) => el("button", { type: "button", onclick: () => send(e) }, label(e))), error));
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
    out.push(fieldForm(type, { ...schema, properties: props }, root, hints, fixed, [], ctx));
  }
  for (const entry of entries.filter((e) => !concrete.includes(e))) {
    const notes = Object.entries(entry).filter(([k, v]) => k !== "type" && k !== "fields" && typeof v !== "object").map(([k, v]) => `${k}: ${v}`);
    out.push(fieldForm(type, schema, root, entry.fields || {}, {}, notes, ctx));
  }
  return out;
}

/** Forms for every action the seat may take now (empty for spectators and seats that wait). */
function actionForms(update, ctx) {
  const legal = update.legal || { actions: [] };
  const box = el("section", { class: "panel", id: "your-move" }, el("h3", {}, "Your move"));
  if (update.seat === null) return el("div");
  if (!legal.actions || legal.actions.length === 0) {
    box.append(el("p", { class: "muted" }, legal.why || "nothing to do now"));
    return box;
  }
  const byType = new Map();
  for (const entry of legal.actions) byType.set(entry.type, [...(byType.get(entry.type) || []), entry]);
  for (const [type, entries] of byType) box.append(...typeForms(type, entries, ctx));
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
    const entries = Object.entries(update.view);
    const plain = Object.fromEntries(entries.filter(([, v]) => isScalar(v) || (Array.isArray(v) && v.every(isScalar))));
    const panels = entries.filter(([k]) => !(k in plain)).map(([name, value]) => panel(name, value));
    root.querySelector(".generic-view").replaceChildren(panel("table", plain), ...panels);
  },
};
