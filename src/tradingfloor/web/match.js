// The match page: live updates over a WebSocket, the game's renderer, standings and replay.
import { api, el, seatName, tokenFromLink } from "./api.js";
import { markdownToHtml } from "./markdown.js";
import generic from "./renderers/generic.js";

const matchId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());
const token = tokenFromLink();
const tableRoot = document.getElementById("table");
const replayRoot = document.getElementById("replay-table");
let current = null;
let renderer = generic;
let ctx = null;
let retry = 500;
let stopped = false;
let replayLoaded = false;

function problem(text) {
  const box = document.getElementById("problem");
  box.textContent = text || "";
  box.hidden = !text;
}

function connection(text, kind) {
  const badge = document.getElementById("connection");
  badge.textContent = text;
  badge.className = `badge ${kind || ""}`;
}

function header(update) {
  document.getElementById("who").textContent = update.seat === null ? "watching as a spectator" : `playing as ${seatName(update, update.seat)}`;
  let turn;
  if (update.over) turn = "the game is over";
  else if (update.seat !== null && update.actors.includes(update.seat)) turn = "your move";
  else turn = `waiting for ${update.actors.map((s) => seatName(update, s)).join(", ")}`;
  const turnBox = document.getElementById("turn");
  turnBox.textContent = `step ${update.seq}: ${turn}`;
  turnBox.className = update.seat !== null && update.actors.includes(update.seat) ? "status" : "";
}

function show(update) {
  if (current && update.seq < current.seq) return;
  current = update;
  ctx.seat = update.seat;
  header(update);
  renderer.render(tableRoot, update, ctx);
  if (update.over) finished(update);
}

async function post(action, seq) {
  return api(`/api/matches/${matchId}/actions`, { method: "POST", token, body: { seq, action } });
}

async function send(action) {
  if (!current) return { ok: false, status: 0, error: "not connected yet" };
  const madeAgainst = current;
  let reply = await post(action, madeAgainst.seq);
  for (let tries = 0; tries < 3 && reply.status === 409; tries += 1) {
    const fresh = await api(`/api/matches/${matchId}/view`, { token });
    if (fresh.ok) show(fresh.body);
    // Another seat committed meanwhile (a sealed simultaneous step): if this seat still faces the
    // very same decision, the action means the same against the new state, so send it once more.
    const same = fresh.ok && fresh.body.actors.includes(fresh.body.seat)
      && JSON.stringify(fresh.body.legal) === JSON.stringify(madeAgainst.legal);
    if (!same) break;
    reply = await post(action, fresh.body.seq);
  }
  if (reply.ok) {
    show(reply.body);
    return { ok: true, seq: reply.body.seq };
  }
  return { ok: false, status: reply.status, error: reply.body.error || `refused (${reply.status})` };
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  const socket = new WebSocket(`${scheme}://${window.location.host}/api/matches/${matchId}/ws`);
  socket.onopen = () => {
    socket.send(JSON.stringify(token ? { token } : {}));
    connection("live", "done");
    retry = 500;
  };
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "error") {
      stopped = true;
      problem(message.error);
      return;
    }
    if (message.type === "update") show(message);
  };
  socket.onclose = () => {
    if (stopped) {
      connection("closed", "wait");
      return;
    }
    connection("reconnecting", "wait");
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  };
}

function finished(update) {
  document.getElementById("finished").hidden = false;
  document.getElementById("replay-section").hidden = false;
  document.getElementById("standings").replaceChildren(el("h2", {}, "Standings"), generic.standings(update));
  document.getElementById("record-link").href = `/api/matches/${matchId}/record`;
  if (!replayLoaded) {
    replayLoaded = true;
    setupReplay(update.seq);
  }
}

function setupReplay(steps) {
  const slider = document.getElementById("replay-step");
  slider.max = steps;
  const go = async (step) => {
    const target = Math.max(0, Math.min(steps, step));
    slider.value = target;
    const reply = await api(`/api/matches/${matchId}/replay/${target}`);
    if (!reply.ok) {
      problem(reply.body.error);
      return;
    }
    document.getElementById("replay-where").textContent = `step ${target} of ${steps}`;
    renderer.render(replayRoot, reply.body, { ...ctx, seat: null, send: async () => ({ ok: false, error: "this is a replay" }) });
  };
  document.getElementById("replay-first").onclick = () => go(0);
  document.getElementById("replay-prev").onclick = () => go(Number(slider.value) - 1);
  document.getElementById("replay-next").onclick = () => go(Number(slider.value) + 1);
  document.getElementById("replay-last").onclick = () => go(steps);
  slider.oninput = () => go(Number(slider.value));
  go(0);
}

/** The game's short guide for players, folded away until opened (games without one show none). */
function howToPlay(game) {
  const box = document.getElementById("how-to-play");
  if (!game.how_to_play) return;
  // markdownToHtml escapes the text before it marks anything up: the guide holds no markup of its own.
  box.querySelector(".guide").innerHTML = markdownToHtml(game.how_to_play);
  box.hidden = false;
}

async function start() {
  const summary = await api(`/api/matches/${matchId}`);
  if (!summary.ok) {
    problem(summary.body.error);
    connection("no match", "wait");
    return;
  }
  const games = (await api("/api/games")).body;
  const game = games.find((g) => g.id === summary.body.game);
  document.title = `tradingfloor: ${game.title}`;
  document.getElementById("title").textContent = game.title;
  howToPlay(game);
  // ?renderer=generic shows any game through the generic renderer (for checking a game's data).
  const forced = new URLSearchParams(window.location.search).get("renderer");
  if (game.renderer !== "generic" && forced !== "generic") {
    try {
      renderer = (await import(`./renderers/${game.renderer}.js`)).default;
    } catch (err) {
      problem(`the ${game.renderer} renderer did not load (${err}); showing the generic table`);
    }
  }
  ctx = { game, seat: null, send, generic };
  connect();
}

start();
