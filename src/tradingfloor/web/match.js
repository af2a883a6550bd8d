// The match page: live updates over a WebSocket, the status line and the news, the game's
// renderer, the how-to-play panel, the end screen and the replay by chapters.
import { api, el, fillSeats, plainSeatName, seatName, tokenFromLink } from "./api.js";
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

/** "Ann", "Ann and Ben", "Ann, Ben and Cy". */
export function listWords(names) {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whose move it is, from this seat's side: "your move", "waiting for Ben", "the game is over". */
function turnWords(update) {
  if (update.over) return "the game is over";
  if (update.seat !== null && update.actors.includes(update.seat)) return "your move";
  const others = update.actors.filter((s) => s !== update.seat).map((s) => plainSeatName(update, s));
  return others.length ? `waiting for ${listWords(others)}` : "";
}

/** A text or a list of texts from the view, with the seats named. */
function texts(update, value) {
  const list = Array.isArray(value) ? value : value && typeof value === "object" ? Object.values(value) : value ? [value] : [];
  return list.filter((t) => typeof t === "string" && t.trim()).map((t) => fillSeats(update, t));
}

/** The status line (where the game stands · whose move) and the news beside it. */
function header(update) {
  document.getElementById("who").textContent = update.seat === null ? "watching as a spectator" : `playing as ${seatName(update, update.seat)}`;
  const view = update.view || {};
  const where = typeof view.status === "string" && view.status.trim() ? fillSeats(update, view.status) : "";
  const turn = turnWords(update);
  const status = document.getElementById("status");
  // A game whose status already says that it is over needs no "the game is over" after it.
  const said = update.over && /\b(over|ended|finished)\b/i.test(where) ? "" : turn;
  status.textContent = where ? [where, said].filter(Boolean).join(" · ") : capital(turn || "the table is ready");
  status.dataset.seq = update.seq;
  const mine = !update.over && update.seat !== null && update.actors.includes(update.seat);
  status.classList.toggle("my-move", mine);
  status.classList.toggle("over", Boolean(update.over));
  document.getElementById("turn").textContent = `step ${update.seq}: ${turn}`; // for scripts and tests
  const news = document.getElementById("news");
  const lines = texts(update, view.news);
  news.replaceChildren(...lines.map((line) => el("span", { class: "news-item" }, line)));
  news.hidden = lines.length === 0;
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
  if (!current) return { ok: false, status: 0, error: "Not connected yet: wait a moment and try again" };
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
  return { ok: false, status: reply.status, error: reply.body.error || `Refused (${reply.status})` };
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

const ORDINALS = ["th", "st", "nd", "rd"];

function ordinal(n) {
  const tens = n % 100;
  return `${n}${tens >= 11 && tens <= 13 ? "th" : ORDINALS[n % 10] || "th"}`;
}

function number(x) {
  return Number.isInteger(x) ? String(x) : String(Math.round(x * 100) / 100);
}

/** "You won", "You finished 2nd of 3", "You shared the win with Ben"; for spectators "Ann won". */
function placeWords(update) {
  const result = update.result;
  const seats = result.scores.length;
  const name = (s) => plainSeatName(update, s);
  const me = update.seat;
  if (me !== null && me < seats) {
    const others = result.winners.filter((s) => s !== me).map(name);
    if (result.winners.includes(me)) return others.length ? `You shared the win with ${listWords(others)}` : "You won";
    const tied = result.ranks.map((r, s) => s).filter((s) => s !== me && result.ranks[s] === result.ranks[me]).map(name);
    const place = `You finished ${ordinal(result.ranks[me])} of ${seats}`;
    return tied.length ? `${place}, level with ${listWords(tied)}` : place;
  }
  if (!result.winners.length) return "Nobody won";
  const winners = listWords(result.winners.map(name));
  return result.winners.length > 1 ? `${winners} shared the win` : `${winners} won`;
}

/** By how much: the winner's score against the next best, or this seat's against the winner's. */
function marginWords(update) {
  const { scores, winners } = update.result;
  if (!winners.length || scores.length < 2) return "";
  const best = scores[winners[0]];
  const name = (s) => (s === update.seat ? "your" : `${plainSeatName(update, s)}'s`);
  const me = update.seat;
  if (me !== null && me < scores.length && !winners.includes(me)) {
    const gap = best - scores[me];
    const winner = listWords(winners.map((s) => plainSeatName(update, s)));
    return gap > 0 ? `${number(gap)} behind ${winner}: ${number(scores[me])} to ${number(best)}` : `${number(scores[me])} to ${winner}'s ${number(best)}`;
  }
  const rest = scores.map((_, s) => s).filter((s) => !winners.includes(s)).sort((a, b) => scores[b] - scores[a]);
  if (!rest.length) return `${number(best)} each`;
  const next = rest[0];
  const gap = best - scores[next];
  const lead = winners.length > 1 ? `${number(best)} each` : number(best);
  return gap > 0 ? `By ${number(gap)}: ${lead} to ${name(next)} ${number(scores[next])}` : `${lead} to ${name(next)} ${number(scores[next])}`;
}

function finished(update) {
  document.getElementById("finished").hidden = false;
  document.getElementById("replay-section").hidden = false;
  document.getElementById("place").textContent = capital(placeWords(update));
  document.getElementById("margin").textContent = marginWords(update);
  const recap = texts(update, (update.view || {}).recap);
  document.getElementById("recap").replaceChildren(...recap.map((line) => el("li", {}, line)));
  document.getElementById("recap").hidden = recap.length === 0;
  document.getElementById("standings").replaceChildren(el("h2", {}, "Standings"), generic.standings(update));
  const record = document.getElementById("record-link");
  record.href = `/api/matches/${matchId}/record`;
  record.download = `${ctx.game.id}-${matchId}.json`;
  if (!replayLoaded) {
    replayLoaded = true;
    setupReplay(update.seq);
  }
}

async function setupReplay(steps) {
  const slider = document.getElementById("replay-step");
  const chaptersBox = document.getElementById("replay-chapters");
  slider.max = steps;
  const chapters = await api(`/api/matches/${matchId}/chapters`);
  const marks = chapters.ok ? chapters.body : [];
  const chapterAt = (step) => marks.filter((c) => c.step <= step).pop();
  const go = async (step) => {
    const target = Math.max(0, Math.min(steps, step));
    slider.value = target;
    const reply = await api(`/api/matches/${matchId}/replay/${target}`);
    if (!reply.ok) {
      problem(reply.body.error);
      return;
    }
    const chapter = chapterAt(target);
    const where = `step ${target} of ${steps}`;
    document.getElementById("replay-where").textContent = chapter ? `${where} · ${fillSeats(reply.body, chapter.title)}` : where;
    for (const button of chaptersBox.querySelectorAll("button")) button.classList.toggle("now", chapter !== undefined && Number(button.dataset.step) === chapter.step);
    renderer.render(replayRoot, reply.body, { ...ctx, seat: null, send: async () => ({ ok: false, error: "This is a replay" }) });
  };
  chaptersBox.replaceChildren(...marks.map((c) => el("button", { type: "button", class: "secondary chapter", "data-step": c.step, onclick: () => go(c.step) }, fillSeats({ seats: current ? current.seats : [] }, c.title))));
  chaptersBox.hidden = marks.length === 0;
  document.getElementById("replay-first").onclick = () => go(0);
  document.getElementById("replay-prev").onclick = () => go(Number(slider.value) - 1);
  document.getElementById("replay-next").onclick = () => go(Number(slider.value) + 1);
  document.getElementById("replay-last").onclick = () => go(steps);
  slider.oninput = () => go(Number(slider.value));
  go(0);
}

/** The game's short guide for players: open on this browser's first visit to the game, folded
 * away on later ones (games without a guide show none). */
function howToPlay(game) {
  const box = document.getElementById("how-to-play");
  if (!game.how_to_play) return;
  // markdownToHtml escapes the text before it marks anything up: the guide holds no markup of its own.
  box.querySelector(".guide").innerHTML = markdownToHtml(game.how_to_play);
  box.querySelector(".rules-link").href = game.rules || `/rules/${game.id}`;
  const key = `tradingfloor.how-to-play-seen.${game.id}`;
  let seen = false;
  try {
    seen = window.localStorage.getItem(key) === "yes";
    window.localStorage.setItem(key, "yes");
  } catch {
    seen = false; // no storage (a private window): open it, as on a first visit
  }
  box.open = !seen;
  box.hidden = false;
}

async function start() {
  const summary = await api(`/api/matches/${matchId}`);
  if (!summary.ok) {
    problem(summary.body.error);
    connection("no match", "wait");
    document.getElementById("status").textContent = "There is no such match";
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
      problem(`The ${game.title} table did not load (${err}); showing the plain table instead`);
    }
  }
  ctx = { game, seat: null, send, generic };
  connect();
}

start();
