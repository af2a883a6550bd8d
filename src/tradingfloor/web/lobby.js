// The lobby: pick a game, its options and who sits where; create a match; list matches.
import { api, el } from "./api.js";
import { FormError, fileChoice, inputFor, isFileOption, readInputs, resolve, titleOf } from "./forms.js";
import { markdownToHtml } from "./markdown.js";

const gameSelect = document.getElementById("game");
const optionsBox = document.getElementById("options");
const playerOptions = document.getElementById("player-options");
const designerBox = document.getElementById("designer-options");
const seatsBox = document.getElementById("seats");
const errorBox = document.getElementById("create-error");
const DESIGNER_NAMES = ["content", "decks", "data"]; // until every game flags its own (designer: true)
let games = [];

function currentGame() {
  return games.find((g) => g.id === gameSelect.value);
}

/** Options meant for designers (other data files, single figures): the schema says so with
 * `"designer": true`; objects and the known data options count too. */
function isDesigner(name, prop, root) {
  const resolved = resolve(prop, root);
  return resolved.designer === true || resolved.type === "object" || DESIGNER_NAMES.includes(name);
}

/** A list option offered as checkboxes (the schema's `checkboxes`: [{value, title, about, fixed,
 * coming}]): a fixed one is always on, one still coming cannot be chosen yet. The lobby ticks the
 * schema's `lobby_default` where it names one (Merlin: every module, the complete game), else the
 * option's default. The values ticked travel in a hidden field, read back as a list like any other. */
function checkboxGroup(name, prop, value) {
  const chosen = new Set(prop.lobby_default || value || prop.default || []);
  const field = el("input", { type: "hidden", name, "data-kind": "array" });
  const boxes = prop.checkboxes.map((choice) => el("input", {
    type: "checkbox", value: choice.value, "data-choice": choice.value,
    checked: Boolean(choice.fixed) || (!choice.coming && chosen.has(choice.value)),
    disabled: Boolean(choice.fixed || choice.coming),
  }));
  const sync = () => {
    field.value = boxes.filter((b) => b.checked).map((b) => b.value).join(" ");
  };
  boxes.forEach((box) => box.addEventListener("change", sync));
  sync();
  return el("span", { class: "choices", role: "group", "aria-label": titleOf(name, prop) }, field,
    prop.checkboxes.map((choice, i) => el("label", { class: `choice${choice.coming ? " coming" : ""}`, title: choice.about || "" },
      boxes[i], el("span", {}, choice.title),
      choice.fixed ? el("span", { class: "muted" }, "(always on)") : null,
      choice.coming ? el("span", { class: "muted" }, "(coming)") : null,
      choice.about && !choice.coming ? el("span", { class: "muted about-choice" }, `– ${choice.about}`) : null)));
}

/** One option: its title as the label, its input, and its description beside it. */
function optionRow(name, prop, root, value) {
  const resolved = resolve(prop, root);
  if (Array.isArray(resolved.checkboxes)) {
    return el("div", { class: "option", "data-option": name },
      el("span", { class: "field-name" }, titleOf(name, resolved)), checkboxGroup(name, resolved, value),
      resolved.description ? el("span", { class: "muted about" }, resolved.description) : null);
  }
  const fileLike = isFileOption(name, prop, root) || (DESIGNER_NAMES.includes(name) && resolved.type !== "object");
  const input = fileLike ? fileChoice(name, prop, root, value) : inputFor(name, prop, root, value);
  return el("div", { class: "option", "data-option": name },
    el("label", {}, el("span", { class: "field-name" }, titleOf(name, resolved)), input),
    resolved.description ? el("span", { class: "muted about" }, resolved.description) : null);
}

function drawAbout(game) {
  const about = document.getElementById("game-about");
  about.innerHTML = markdownToHtml(game.blurb || ""); // escaped first: the blurb holds no markup
  about.append(el("p", {}, el("a", { class: "rules-link", href: game.rules || `/rules/${game.id}`, target: "_blank" },
    `How to play ${game.title}: the rules`)));
}

function drawOptions() {
  const game = currentGame();
  const schema = game.schemas.options || {};
  const props = resolve(schema, schema).properties || {};
  const rows = Object.entries(props).map(([name, prop]) => [isDesigner(name, prop, schema), optionRow(name, prop, schema, game.default_options[name])]);
  playerOptions.replaceChildren(...rows.filter(([designer]) => !designer).map(([, row]) => row));
  designerBox.querySelector(".option-list").replaceChildren(...rows.filter(([designer]) => designer).map(([, row]) => row));
  designerBox.hidden = !rows.some(([designer]) => designer);
  designerBox.open = false;
  drawAbout(game);
  seatsBox.replaceChildren();
  delete seatsBox.dataset.game;
  drawSeats();
}

/** The options as typed, or null (with the reason in the error box) when one cannot be read;
 * `waiting`: an upload whose files are still to be chosen is left out (for the seats' preview). */
function readOptions(waiting = false) {
  try {
    return readInputs(optionsBox, { waiting });
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    errorBox.textContent = err.message;
    return null;
  }
}

/** A bot kind in words: {title, strength} ("Beginner", one line on how it plays). */
function botWords(game, kind) {
  return (game.bot_kinds || []).find((b) => b.kind === kind) || { title: kind, strength: "" };
}

/** The bot a new seat gets: the game's beginner, else its own first bot. */
function defaultBot(game) {
  if (game.bots.includes("beginner")) return "beginner";
  return game.bots.find((k) => !["random", "ismcts", "ismcts-tree"].includes(k)) || game.bots[0];
}

function seatRow(game, seat, kind, name) {
  const strength = el("span", { class: "muted strength" });
  const select = el("select", { name: `kind-${seat}`, "data-seat": seat, "aria-label": `Seat ${seat + 1}: who plays it` },
    ["human", ...game.bots].map((k) => el("option", { value: k, selected: k === kind, title: botWords(game, k).strength },
      k === "human" ? "A person" : `${botWords(game, k).title} (bot)`)));
  const explain = () => {
    strength.textContent = select.value === "human" ? "gets an invitation link" : botWords(game, select.value).strength;
  };
  select.addEventListener("change", explain);
  explain();
  return el("div", { class: "actions seat-row", "data-seat": seat },
    el("strong", {}, `Seat ${seat + 1}`), select,
    el("input", { type: "text", name: `name-${seat}`, placeholder: "name (optional)", maxlength: 40, value: name || "", "aria-label": `Seat ${seat + 1}: name` }),
    strength);
}

let previewing = 0;

/** Draw one seat row per seat of the options as they are now, keeping what was chosen and typed
 * in the rows that stay. Resolves to true when the rows match these options, false if not (the
 * reason in the error box, or newer options being previewed). */
async function drawSeats() {
  const game = currentGame();
  const ticket = ++previewing;
  const options = readOptions(true);
  if (options === null) return false;
  const reply = await api(`/api/games/${game.id}/preview`, { method: "POST", body: { options } });
  if (ticket !== previewing || game !== currentGame()) return false; // changed meanwhile
  if (!reply.ok) {
    errorBox.textContent = reply.body.error;
    return false;
  }
  errorBox.textContent = "";
  const rows = [...seatsBox.querySelectorAll(".seat-row")];
  if (seatsBox.dataset.game === game.id && rows.length === reply.body.players) return true;
  const kept = rows.map((row) => [row.querySelector("select").value, row.querySelector("input").value]);
  const fresh = [];
  for (let seat = 0; seat < reply.body.players; seat += 1) {
    const [kind, name] = kept[seat] || [seat === 0 ? "human" : defaultBot(game), ""];
    fresh.push(seatRow(game, seat, kind, name));
  }
  seatsBox.replaceChildren(...fresh);
  seatsBox.dataset.game = game.id; // the seats drawn are this game's (tests wait for it)
  return true;
}

let typing = null;

function optionsChanged() {
  clearTimeout(typing);
  typing = setTimeout(drawSeats, 250);
}

async function create(event) {
  event.preventDefault();
  const button = document.getElementById("create-button");
  button.disabled = true;
  try {
    // The seat rows for exactly the options being sent (a player count typed a moment ago too).
    clearTimeout(typing);
    let ready = false;
    for (let tries = 0; tries < 3 && !ready; tries += 1) ready = await drawSeats();
    if (!ready) return;
    const game = currentGame();
    const options = readOptions();
    if (options === null) return;
    const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => ({
      kind: row.querySelector("select").value,
      name: row.querySelector("input").value || null,
    }));
    const reply = await api("/api/matches", { method: "POST", body: { game: game.id, options, seats } });
    if (!reply.ok) {
      errorBox.textContent = reply.body.error;
      return;
    }
    errorBox.textContent = "";
    showInvitations(reply.body);
    listMatches();
  } finally {
    button.disabled = false;
  }
}

/** Copy `input`'s text to the clipboard, and say so on `button` for a moment. */
async function copy(input, button) {
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select(); // an address that is no secure context has no clipboard API
    document.execCommand("copy");
  }
  button.textContent = "copied";
  button.classList.add("done");
  setTimeout(() => {
    button.textContent = "copy";
    button.classList.remove("done");
  }, 2000);
}

function linkRow(label, value, href, attrs) {
  const input = el("input", { readonly: true, value, ...attrs, "aria-label": `${label}: link` });
  const button = el("button", { type: "button", class: "copy secondary", onclick: () => copy(input, button) }, "copy");
  return el("div", { class: "actions link-row" }, el("strong", {}, label), input, button,
    el("a", { href, target: "_blank" }, "open"));
}

function showInvitations(created) {
  const base = window.location.origin;
  const box = document.getElementById("invitations");
  const rows = created.seats.filter((s) => s.link).map((s) =>
    linkRow(`${s.name} (seat ${s.seat + 1})`, base + s.link, s.link, { "data-seat": s.seat, class: "invite" }));
  box.replaceChildren(
    el("h2", {}, "The match is ready"),
    el("p", { class: "muted" }, "Send each person their own link: it is the key to their seat. Anyone with the spectator link can watch."),
    ...rows,
    linkRow("Spectators", base + created.spectator, created.spectator, { class: "spectate" }));
  box.hidden = false;
}

function seatWords(seat) {
  if (seat.kind === "human") return seat.name;
  const game = games.find((g) => (g.bot_kinds || []).some((b) => b.kind === seat.kind));
  const words = game && game.bot_kinds.find((b) => b.kind === seat.kind);
  return `${seat.name} (${words ? words.title : seat.kind} bot)`;
}

async function listMatches() {
  const reply = await api("/api/matches");
  const table = document.getElementById("matches");
  const head = el("tr", {}, ["match", "game", "status", "step", "seats", "watch"].map((h) => el("th", {}, h)));
  const rows = (reply.body || []).map((m) => el("tr", {},
    el("td", {}, m.id), el("td", {}, m.title), el("td", {}, m.status === "over" ? "over" : "playing"), el("td", {}, m.seq),
    el("td", {}, m.seats.map(seatWords).join(", ")),
    el("td", {}, el("a", { href: `/play/${m.id}` }, m.status === "over" ? "standings & replay" : "watch"))));
  table.replaceChildren(head, ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 6, class: "muted" }, "no matches yet"))]));
}

async function start() {
  games = (await api("/api/games")).body;
  gameSelect.replaceChildren(...games.map((g) => el("option", { value: g.id }, g.title)));
  gameSelect.addEventListener("change", drawOptions);
  optionsBox.addEventListener("input", optionsChanged);
  optionsBox.addEventListener("change", drawSeats);
  document.getElementById("create").addEventListener("submit", create);
  drawOptions();
  listMatches();
  setInterval(listMatches, 5000);
}

start();
