// A game's rules page: its short player's guide, and its rules notes folded below.
import { api } from "./api.js";
import { markdownToHtml } from "./markdown.js";

const gameId = decodeURIComponent(window.location.pathname.split("/").filter(Boolean).pop());

async function start() {
  const reply = await api(`/api/games/${encodeURIComponent(gameId)}/rules`);
  if (!reply.ok) {
    const box = document.getElementById("problem");
    box.textContent = reply.body.error;
    box.hidden = false;
    return;
  }
  const rules = reply.body;
  document.title = `tradingfloor: how to play ${rules.title}`;
  document.getElementById("title").textContent = `${rules.title}: rules`;
  // markdownToHtml escapes the text before it marks anything up: the guide holds no markup of its own.
  document.getElementById("how-to-play-text").innerHTML = rules.how_to_play
    ? markdownToHtml(rules.how_to_play)
    : "<p>This game has no short rules yet: its rules notes below say everything.</p>";
  if (rules.notes) {
    document.getElementById("notes-text").innerHTML = markdownToHtml(rules.notes);
    const notes = document.getElementById("notes");
    notes.hidden = false;
    notes.open = !rules.how_to_play;
  }
}

start();
