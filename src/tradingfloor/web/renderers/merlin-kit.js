// Small pieces of Merlin's table shared by the economy's renderer (merlin.js) and the magic
// module's (merlin-magic.js): cards, seats and their colours, names in words.
import { el, fillSeats, plainSeatName } from "../api.js";

export const SUITS = { C: "♣", D: "♦", S: "♠", H: "♥" };
export const RED = new Set(["D", "H"]);
export const SEAT_COLOURS = ["#c0392b", "#2874a6", "#b7950b", "#7d3c98", "#138d75", "#ca6f1e"];

export function cardName(code) {
  return code ? `${code.slice(0, -1)}${SUITS[code.slice(-1)] || code.slice(-1)}` : "";
}

/** A commodity's name as the game writes it: essence_grain -> Essence Grain. */
export function goodsName(name) {
  return name.split("_").map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(" ");
}

export function seatColour(seat) {
  return SEAT_COLOURS[seat % SEAT_COLOURS.length];
}

export function dot(seat) {
  return el("span", { class: "me-seatdot", style: `background:${seatColour(seat)}` });
}

/** A seat's name, or "you" for this client's seat (capitalised at the start of a line). */
export function name(update, seat, start = false) {
  if (seat === "row") return "the R.O.W.";
  if (seat === update.seat) return start ? "You" : "you";
  return plainSeatName(update, seat);
}

export function ordinal(n) {
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `${n}${tail}`;
}

/** What a card does, as a short caption, from the match's catalogue. */
export function caption(view, code) {
  const info = (view.catalogue || {})[code] || {};
  if (info.kind === "property") return `${info.value} gold`;
  if (info.kind === "land") return goodsName(view.commodities[info.commodity] || String(info.commodity));
  if (info.kind === "inflation") return "inflation";
  if (info.kind === "windfall") return "free permit";
  // The magic module's cards (MERLIN-MODULES.md §2): labs, golems, Kings and Jokers.
  if (info.kind === "lab") return `${info.lab} lab`;
  if (info.kind === "golem") return `${info.golem} golem`;
  if (info.kind === "decree") return "royal decree";
  if (info.kind === "joker") return "tax man";
  return "";
}

export function cardEl(view, code, extra = "", note = caption(view, code)) {
  const red = RED.has(code.slice(-1)) ? " red" : "";
  return el("div", { class: `me-card${red} ${extra}`, "data-card": code, title: `${cardName(code)}${note ? `: ${note}` : ""}` },
    cardName(code), note ? el("small", {}, note) : null);
}

/** Send an action from `box`, its buttons off meanwhile; a refusal shows in `error`. */
export async function sendFrom(box, error, ctx, action, update) {
  error.textContent = "";
  const buttons = [...box.querySelectorAll("button")];
  for (const b of buttons) b.disabled = true;
  try {
    const reply = await ctx.send(action);
    if (!reply.ok) error.textContent = fillSeats(update, reply.error);
  } finally {
    for (const b of buttons) b.disabled = false;
  }
}

/** The listed move as its action: the entry without its words. */
export function actionOf(entry) {
  const { label, note, count, ...action } = entry;
  return action;
}
