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

/** One form (or button) per legal action entry; refusals are shown next to the form. */
function actionForm(entry, update, ctx) {
  const root = ctx.game.schemas.action || {};
  const schema = actionSchema(root, entry.type);
  const error = el("span", { class: "error", role: "alert" });
  const submit = async (action) => {
    error.textContent = "";
    const reply = await ctx.send(action);
    if (!reply.ok) error.textContent = reply.error;
  };
  if (!entry.fields && isConcrete(entry, schema)) {
    const label = Object.entries(entry).filter(([k]) => k !== "type").map(([k, v]) => `${k} ${JSON.stringify(v)}`).join(", ");
    return el("div", { class: "actions" }, el("button", { type: "button", onclick: () => submit(entry) }, `${entry.type}${label ? `: ${label}` : ""}`), error);
  }
  const hints = entry.fields || {};
  const notes = Object.entries(entry).filter(([k, v]) => k !== "type" && k !== "fields" && typeof v !== "object").map(([k, v]) => `${k}: ${v}`);
  const form = el("form", { class: "actions", "data-action": entry.type, novalidate: true },
    el("strong", {}, entry.type), ...fieldsFor({ ...schema, $defs: root.$defs }, { ...root, ...schema }, {}, hints),
    el("button", { type: "submit" }, "send"), error,
    notes.length ? el("span", { class: "muted" }, notes.join("; ")) : null);
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit({ type: entry.type, ...readInputs(form) });
  });
  return form;
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
  for (const entry of legal.actions) box.append(actionForm(entry, update, ctx));
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
    const panels = Object.entries(update.view).map(([name, value]) => panel(name, value));
    root.querySelector(".generic-view").replaceChildren(...panels);
  },
};
