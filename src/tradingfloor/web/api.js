// Small helpers shared by the pages and the renderers.

/** Fetch JSON from the API; resolves to {ok, status, body}. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let payload = null;
  try {
    payload = await response.json();
  } catch {
    payload = { error: `the server answered ${response.status}` };
  }
  return { ok: response.ok, status: response.status, body: payload };
}

/** Build an element: el("td", {class: "mine", onclick: f}, "text", child, ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** Build an SVG element (for plots). */
export function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, value);
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** The seat token from the invitation link's #fragment (never sent to the server in a URL). */
export function tokenFromLink() {
  const params = new URLSearchParams(window.location.hash.slice(1));
  return params.get("token");
}

/** A seat's name at the table, without any "(you)". */
export function plainSeatName(update, seat) {
  const info = (update.seats || [])[seat];
  return info ? info.name : `Seat ${Number(seat) + 1}`;
}

/** A readable name for a seat: its name, and "(you)" for this client's seat. */
export function seatName(update, seat) {
  const name = plainSeatName(update, seat);
  return seat === update.seat ? `${name} (you)` : name;
}

const SEAT_MARK = /\{seat:(-?\d+)\}('s)?/g;
// After a seat is replaced by "you", the verb the game wrote for a third person.
// The games write some moves in the present tense ("{seat:1} offers", "{seat:2} accepts").
const PRESENT = "accepts|asks|bids|buys|declines|delivers|gives|issues|lends|makes|offers|owes|passes|pays|raises|repays|seals|sells|settles|takes|writes";
const YOU_VERBS = [[/\b(you|You) is\b/g, "$1 are"], [/\b(you|You) has\b/g, "$1 have"], [/\b(you|You) was\b/g, "$1 were"],
  [new RegExp(`\\b(you|You) (${PRESENT})\\b`, "g"), (_, you, verb) => `${you} ${present(verb)}`]];

/** "offers" -> "offer", "passes" -> "pass", "owes" -> "owe". */
function present(verb) {
  return /(ss|sh|ch|x)es$/.test(verb) ? verb.slice(0, -2) : verb.slice(0, -1);
}

/** A game's text with every {seat:N} and {seat:N}'s named: the seat's name, "you"/"your" for
 * this client's seat; the first letter of the line capitalised. Text without marks is kept as is. */
export function fillSeats(update, text) {
  if (text === undefined || text === null) return "";
  let out = String(text).replace(SEAT_MARK, (_, number, possessive) => {
    const seat = Number(number);
    if (update && seat === update.seat) return possessive ? "your" : "you";
    return plainSeatName(update || {}, seat) + (possessive || "");
  });
  for (const [pattern, replacement] of YOU_VERBS) out = out.replace(pattern, replacement);
  return out.charAt(0).toUpperCase() + out.slice(1);
}
