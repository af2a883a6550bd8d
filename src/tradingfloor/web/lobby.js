// The lobby: pick a game, its options and who sits where; create a match; list matches.
import { api, el } from "./api.js";
import { FormError, fieldsFor, readInputs } from "./forms.js";

const gameSelect = document.getElementById("game");
const optionsBox = document.getElementById("options");
const seatsBox = document.getElementById("seats");
const errorBox = document.getElementById("create-error");
let games = [];

function currentGame() {
  return games.find((g) => g.id === gameSelect.value);
}

function drawOptions() {
  const game = currentGame();
  const schema = game.schemas.options || {};
  optionsBox.replaceChildren(...fieldsFor(schema, schema, game.default_options));
  for (const input of optionsBox.querySelectorAll("input, select")) input.addEventListener("change", drawSeats);
  drawSeats();
}

let previewing = 0;

/** The options as typed, or null (with the reason in the error box) when one cannot be read. */
function readOptions() {
  try {
    return readInputs(optionsBox);
  } catch (err) {
    if (!(err instanceof FormError)) throw err;
    errorBox.textContent = err.message;
    return null;
  }
}

async function drawSeats() {
  const game = currentGame();
  const ticket = ++previewing;
  const options = readOptions();
  if (options === null) return;
  const reply = await api(`/api/games/${game.id}/preview`, { method: "POST", body: { options } });
  if (ticket !== previewing) return; // the game or its options changed meanwhile
  if (!reply.ok) {
    errorBox.textContent = reply.body.error;
    return;
  }
  errorBox.textContent = "";
  const previous = [...seatsBox.querySelectorAll("select")].map((s) => s.value);
  const rows = [];
  for (let seat = 0; seat < reply.body.players; seat += 1) {
    const chosen = previous[seat] || (seat === 0 ? "human" : game.bots[game.bots.length > 1 ? 1 : 0]);
    rows.push(el("div", { class: "actions seat-row" },
      el("strong", {}, `Seat ${seat + 1}`),
      el("select", { name: `kind-${seat}`, "data-seat": seat },
        ["human", ...game.bots].map((k) => el("option", { value: k, selected: k === chosen }, k === "human" ? "person" : `bot: ${k}`))),
      el("input", { type: "text", name: `name-${seat}`, placeholder: "name (optional)", maxlength: 40 })));
  }
  seatsBox.replaceChildren(...rows);
  seatsBox.dataset.game = game.id; // the seats drawn are this game's (tests wait for it)
}

async function create(event) {
  event.preventDefault();
  const game = currentGame();
  const seats = [...seatsBox.querySelectorAll(".seat-row")].map((row) => ({
    kind: row.querySelector("select").value,
    name: row.querySelector("input").value || null,
  }));
  const options = readOptions();
  if (options === null) return;
  const reply = await api("/api/matches", { method: "POST", body: { game: game.id, options, seats } });
  if (!reply.ok) {
    errorBox.textContent = reply.body.error;
    return;
  }
  errorBox.textContent = "";
  showInvitations(reply.body);
  listMatches();
}

function showInvitations(created) {
  const base = window.location.origin;
  const box = document.getElementById("invitations");
  const rows = created.seats.filter((s) => s.link).map((s) =>
    el("div", { class: "actions" }, el("strong", {}, `${s.name} (seat ${s.seat + 1})`),
      el("input", { readonly: true, value: base + s.link, "data-seat": s.seat, class: "invite" }),
      el("a", { href: s.link, target: "_blank" }, "open")));
  box.replaceChildren(
    el("h2", {}, `Match ${created.id} created`),
    el("p", { class: "muted" }, "Send each person their own link: it is the key to their seat. Anyone with the spectator link can watch."),
    ...rows,
    el("div", { class: "actions" }, el("strong", {}, "Spectators"),
      el("input", { readonly: true, value: base + created.spectator, class: "spectate" }),
      el("a", { href: created.spectator, target: "_blank" }, "open")));
  box.hidden = false;
}

async function listMatches() {
  const reply = await api("/api/matches");
  const table = document.getElementById("matches");
  const head = el("tr", {}, ["match", "game", "status", "step", "seats", "watch"].map((h) => el("th", {}, h)));
  const rows = (reply.body || []).map((m) => el("tr", {},
    el("td", {}, m.id), el("td", {}, m.title), el("td", {}, m.status), el("td", {}, m.seq),
    el("td", {}, m.seats.map((s) => `${s.name}${s.kind === "human" ? "" : ` [${s.kind}]`}`).join(", ")),
    el("td", {}, el("a", { href: `/play/${m.id}` }, m.status === "over" ? "standings & replay" : "watch"))));
  table.replaceChildren(head, ...(rows.length ? rows : [el("tr", {}, el("td", { colspan: 6, class: "muted" }, "no matches yet"))]));
}

async function start() {
  games = (await api("/api/games")).body;
  gameSelect.replaceChildren(...games.map((g) => el("option", { value: g.id }, g.title)));
  gameSelect.addEventListener("change", drawOptions);
  document.getElementById("create").addEventListener("submit", create);
  drawOptions();
  listMatches();
  setInterval(listMatches, 5000);
}

start();
