// Merlin Economics' renderer: the seat's moves in words (from legal().describe()), the turn-order
// auction, each player's mat (gold, commodities, permits placed and in hand), the Grand Market as a
// short price ladder per commodity, the roll of this turn, the indicators and the log; with the
// magic module, its labs, shops, golems, hands, readings, regulations and votes (merlin-magic.js);
// with the finance module, its contracts, debts, offers and property auctions (merlin-finance.js).
import { el, fillSeats, plainSeatName } from "../api.js";
import { fieldsFor, onSubmitFields } from "../forms.js";
import { actionOf, cardEl, cardName, caption, dot, goodsName, name, ordinal, seatColour, sendFrom } from "./merlin-kit.js";
import { MAGIC_STYLE, ballotPanel, hintsInWords, magicPanel, matBadges, matRows, moveHeading, pileEl, shopTitle, startingValues } from "./merlin-magic.js";
import { FINANCE_STYLE, financeBadges, financeHeading, financeHints, financePanel, financeRows, offerPanel as financeOffer, placeContest, salePanel } from "./merlin-finance.js";

const DIE = "⚀⚁⚂⚃⚄⚅";
const SEASON_COLOURS = { summer: "#f4c542", autumn: "#d9822b", winter: "#9cc3e6", spring: "#7cc576" };
const LADDER_ROWS = 4; // price levels shown on each side of a commodity's book

const STYLE = `
.me-root { background: radial-gradient(ellipse at top, #2e6b47, #1c4630 70%); border-radius: 12px; padding: 10px;
  box-shadow: inset 0 0 40px rgba(0,0,0,.35); }
.me-root .panel { background: #fffdf6; border: 0; border-radius: 10px; box-shadow: 0 2px 6px rgba(0,0,0,.25); margin: 0 0 10px; min-width: 0; }
.me-root h3 { margin: 0 0 8px; font-size: 16px; }
.me-board { display: grid; grid-template-columns: minmax(0, 1.7fr) minmax(0, 1fr); gap: 10px; align-items: start; }
.me-board > div { min-width: 0; }
/* On a narrow screen one column, in the order a player looks: the auction, the roll, the market,
   the players, the indicators, the log. */
@media (max-width: 860px) {
  .me-board { display: flex; flex-direction: column; align-items: stretch; gap: 0; }
  .me-main, .me-side { display: contents; }
  #me-auction, #me-vote, #me-offer, #mg-ballot { order: 1; }
  #me-dice { order: 2; }
  #me-market { order: 3; }
  .me-mat { order: 4; }
  #me-counters, #mg-table { order: 5; }
  #me-log { order: 6; }
}
.me-move { border: 3px solid transparent; }
.me-move.me-turn { border-color: #e0a800; box-shadow: 0 0 0 3px rgba(224,168,0,.35), 0 2px 6px rgba(0,0,0,.25); }
.me-move h3 .muted { font-weight: 400; font-size: 14px; }
.me-group { border-top: 1px dashed #d9d3c0; padding: 8px 0 4px; }
.me-group:first-of-type { border-top: 0; }
.me-group-title { font-weight: 600; }
.me-group .note { display: block; font-size: 13px; margin: 2px 0 4px; }
.me-group .actions { margin: 4px 0; }
.me-group label { flex-wrap: wrap; }
.me-group .field-name { font-weight: 600; }
.me-group .range { font-size: 13px; }
.me-group select { max-width: 100%; }
.me-group input[data-kind=array] { width: 8em; font-size: 17px; letter-spacing: .05em; }
.me-buttons button { background: #fff; color: #1d2330; border: 1px solid #9aa5b8; text-align: left; }
.me-buttons button:hover { border-color: #1f5fa8; background: #eef5ff; }
.me-root button.me-main-move { background: #1f5fa8; color: #fff; border-color: #1f5fa8; }
.me-root button.me-end { background: #e3e7ee; color: #1d2330; border: 1px solid #b9c0cc; }
.me-places { font-size: 13px; }
.me-seatdot { display: inline-block; width: .8em; height: .8em; border-radius: 50%; margin-right: .35em; vertical-align: -.05em; }
.me-mat { border-left: 6px solid var(--seat) !important; }
.me-mat.mine { background: #f3f8ff !important; }
.me-mat h3 { display: flex; flex-wrap: wrap; gap: 6px; align-items: baseline; }
.me-mat .badge { font-weight: 400; }
.me-mat .badge.me-now { background: #ffe08a; }
.me-mat .badge.me-bad { background: #f6c9c5; }
.me-purse { display: flex; flex-wrap: wrap; gap: 6px; margin: 0 0 6px; }
.me-chipx { background: #f0ead6; border-radius: 12px; padding: 1px 9px; white-space: nowrap; font-variant-numeric: tabular-nums; }
.me-chipx.gold { background: #f7dc6f; font-weight: 600; }
.me-cards { display: flex; flex-wrap: wrap; gap: 6px 10px; align-items: flex-start; }
.me-cards > .muted { align-self: center; }
.me-stack { position: relative; width: 60px; height: 126px; margin-right: 14px; }
.me-stack.flat { height: 92px; }
.me-card { position: absolute; top: 0; left: 0; width: 50px; height: 72px; border: 1px solid #555; border-radius: 6px; background: #fffdf6;
  display: flex; flex-direction: column; align-items: center; justify-content: flex-start; padding-top: 7px; font-weight: 700;
  font-size: 17px; box-shadow: 1px 1px 3px rgba(0,0,0,.25); line-height: 1.1; text-align: center; }
.me-card.red { color: #b91c1c; }
.me-card small { font-weight: 400; font-size: 10px; color: #444; margin-top: 2px; }
.me-card.on { top: 38px; left: 8px; background: #fff4f0; }
.me-card.across { top: 40px; left: 12px; transform: rotate(90deg); background: #f6f0ff; }
.me-card.hand { position: static; display: inline-flex; }
.me-card.fresh { border-style: dashed; background: #fff7dd; }
.me-chip { position: absolute; bottom: 0; white-space: nowrap; left: -6px; right: -14px; text-align: center; font-size: 11px; line-height: 1.2; }
.me-hand { margin-top: 6px; padding-top: 6px; border-top: 1px dashed #d9d3c0; }
.me-wheel { display: flex; gap: 2px; margin: 4px 0 8px; flex-wrap: wrap; }
.me-wheel span { width: 20px; height: 12px; border-radius: 3px; display: inline-block; }
.me-wheel span.now { outline: 2px solid #111; }
.me-dice { font-size: 40px; line-height: 1; margin-right: 8px; vertical-align: middle; }
.me-out { opacity: .55; }
.me-stats { display: grid; grid-template-columns: repeat(auto-fill, minmax(120px, 1fr)); gap: 6px; margin: 0; }
.me-stats div { background: #f4f1e6; border-radius: 8px; padding: 3px 8px; }
.me-stats dt { font-size: 12px; color: #6b7280; }
.me-stats dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
.me-books { display: grid; grid-template-columns: repeat(auto-fit, minmax(190px, 1fr)); gap: 8px; }
.me-book { background: #f7f3e6; border-radius: 8px; padding: 6px 8px; }
.me-book h4 { margin: 0 0 4px; font-size: 15px; display: flex; justify-content: space-between; gap: 6px; flex-wrap: wrap; }
.me-book h4 .muted { font-weight: 400; font-size: 12px; }
.me-sides { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 6px; }
.me-sides ul { list-style: none; margin: 0; padding: 0; font-variant-numeric: tabular-nums; font-size: 14px; }
.me-sides li { padding: 0 4px; border-radius: 4px; }
.me-sides li small { font-size: 11px; color: #4b5563; white-space: nowrap; }
.me-sides li.yours { font-weight: 700; background: #dbe9ff; }
.me-sides .side { font-size: 12px; color: #6b7280; }
.me-sides .bids li b { color: #1e7b34; }
.me-sides .asks li b { color: #b3261e; }
.me-book .foot { font-size: 12px; color: #6b7280; margin-top: 2px; }
.me-log { max-height: 340px; overflow-y: auto; margin: 0; padding-left: 2.6em; font-size: 14px; }
.me-log li { margin: 1px 0; }
.me-log li::marker { color: #9aa1ad; font-size: 12px; }
.me-turnlog { margin: 6px 0 0; padding-left: 1.2em; font-size: 14px; max-height: 260px; overflow-y: auto; }
.me-sealed { list-style: none; padding: 0; margin: 4px 0; display: flex; flex-wrap: wrap; gap: 6px; }
.me-sealed li { background: #f0ead6; border-radius: 12px; padding: 1px 10px; }
.me-sealed li.done { background: #d7f2dc; }
`;

/** A property with what lies on it: a land, or a second property turned across it (a Chauffeur),
 * or a lab (a Spell Shop or a Brewery, `shop` its name). */
function stackEl(view, stack, shop = null) {
  const chips = [];
  if (stack.invested) chips.push(`${stack.invested} invested`);
  if (stack.kind === "chauffeur") chips.push(`${stack.stored} stored`);
  const chauffeur = stack.kind === "chauffeur";
  const topNote = chauffeur ? "Chauffeur" : shop || caption(view, stack.top || "");
  return el("div", { class: `me-stack${stack.top ? "" : " flat"}`, "data-kind": stack.kind },
    cardEl(view, stack.card, "", `${stack.value} gold`),
    stack.top ? cardEl(view, stack.top, chauffeur ? "across" : "on", topNote) : null,
    chips.length ? el("div", { class: "me-chip" }, chips.join(", ")) : null);
}

// --- the seat's moves -----------------------------------------------------------------------

function refusalSlot() {
  return el("span", { class: "error", role: "alert" });
}


/** A form's button: the first word of its title ("Bid", "Invest", "Seal"). */
function verbOf(title) {
  const word = title.trim().split(/[\s:,(]/)[0];
  return word ? word.charAt(0).toUpperCase() + word.slice(1) : "Go";
}

/** The places a rank auction is for, e.g. "3rd and 4th place", from the view. */
function placesFor(update) {
  const contest = update.view.auction && update.view.auction.contest;
  if (!contest) return "";
  const places = contest.seats.map((_, i) => ordinal(contest.first_place + i + 1));
  return `${places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places.at(-1)}` : places[0]} place`;
}

/** A form for one kind of move: titled, its note beside it, a labelled input per field. */
function moveForm(entry, update, ctx) {
  const words = (text) => fillSeats(update, text);
  const title = words(entry.label || "");
  const error = refusalSlot();
  const props = Object.fromEntries(Object.keys(entry.fields).map((n) => [n, {}]));
  const hints = financeHints(update, entry.fields, hintsInWords(update, entry.fields, entry.type), entry.type);
  const ranked = Object.values(entry.fields).some((f) => f.places !== undefined);
  const form = el("form", { class: "me-group", "data-action": entry.type, novalidate: true },
    el("div", { class: "me-group-title" }, title),
    entry.note ? el("span", { class: "muted note" }, words(entry.note)) : null,
    ranked && placesFor(update) ? el("span", { class: "me-places" }, `Your stacks are for ${placesFor(update)}, in that order.`) : null,
    el("div", { class: "actions" }, ...fieldsFor({ properties: props }, {}, startingValues(hints), hints, words),
      el("button", { type: "submit", class: "me-main-move" }, verbOf(title)), error));
  onSubmitFields(form, error, (fields) => sendFrom(form, error, ctx, { type: entry.type, ...fields }, update));
  return form;
}

/** A row of buttons, one per listed move of one kind. */
function moveButtons(type, entries, update, ctx) {
  const error = refusalSlot();
  const box = el("div", { class: "me-group actions me-buttons", "data-action": type });
  const style = type === "end_turn" ? "me-end" : entries.length === 1 && type === "buy_permit" ? "me-main-move" : "";
  box.append(...entries.map((e) => el("button", { type: "button", class: style,
    onclick: () => sendFrom(box, error, ctx, actionOf(e), update) }, fillSeats(update, e.label || e.type))), error);
  return box;
}

/** The moves in the order the game lists them: forms, and a row of buttons per kind of move. */
function moveGroups(legal) {
  const groups = [];
  const byType = new Map();
  for (const entry of legal.actions || []) {
    if (entry.fields) groups.push({ form: entry });
    else if (byType.has(entry.type)) byType.get(entry.type).entries.push(entry);
    else {
      const group = { type: entry.type, entries: [entry] };
      byType.set(entry.type, group);
      groups.push(group);
    }
  }
  // Ending the turn comes last, apart from the moves that change the table.
  return [...groups.filter((g) => g.type !== "end_turn"), ...groups.filter((g) => g.type === "end_turn")];
}

function waitingLine(update) {
  const others = update.actors.filter((s) => s !== update.seat).map((s) => plainSeatName(update, s));
  return others.length ? `Waiting for ${others.join(", ")}` : "";
}

/** Which move a group offers, apart from its words and ranges: a form's kind of move, its fields
 * and the places it is for; a row of buttons' moves. */
function groupIdentity(update, group) {
  if (!group.form) return JSON.stringify([update.seat, group.entries]);
  return JSON.stringify([update.seat, group.form.type, Object.keys(group.form.fields), placesFor(update)]);
}

/** Whether a person changed a field from what the form started with. */
function edited(input) {
  if (input.type === "checkbox") return input.checked !== input.defaultChecked;
  if (input.tagName === "SELECT") {
    const start = [...input.options].find((o) => o.defaultSelected) || input.options[0];
    return start !== undefined && input.value !== start.value;
  }
  return input.value !== input.defaultValue;
}

/** Carry what a person typed in `old` into `fresh`, the same move's form with new words or ranges
 * (a choice only while it is still offered; the server judges the rest when it is sent). */
function carryTyped(old, fresh) {
  for (const input of old.querySelectorAll("input[name], select[name]")) {
    const twin = fresh.querySelector(`[name="${CSS.escape(input.name)}"]`);
    if (!twin || twin.tagName !== input.tagName || twin.type !== input.type || !edited(input)) continue;
    if (input.type === "checkbox") twin.checked = input.checked;
    else if (input.tagName !== "SELECT" || [...twin.options].some((o) => o.value === input.value)) twin.value = input.value;
  }
}

/** Where the focus and the caret are in `box`, to put them back after the box is redrawn. */
function focusIn(box) {
  const focused = document.activeElement;
  if (!focused || focused === document.body || !box.contains(focused)) return null;
  const form = focused.closest("form");
  let caret = null;
  try {
    caret = [focused.selectionStart, focused.selectionEnd]; // null on inputs without a caret (number)
  } catch {
    caret = null;
  }
  return { focused, form, name: focused.name, caret };
}

/** Focus again what had the focus (or its twin in a form drawn afresh) if the redraw took it away. */
function refocus(box, was, forms) {
  if (!was || document.activeElement === was.focused) return;
  const form = was.form && forms.get(was.form);
  const target = was.focused.isConnected && box.contains(was.focused) ? was.focused
    : form && was.name ? form.querySelector(`[name="${CSS.escape(was.name)}"]`) : null;
  if (!target) return;
  target.focus({ preventScroll: true });
  if (was.caret && was.caret[0] !== null && typeof target.setSelectionRange === "function") {
    try {
      target.setSelectionRange(was.caret[0], was.caret[1]);
    } catch {
      // an input whose type has no caret
    }
  }
}

/** Put `nodes` in `box` in that order, moving none that are already in order: a node taken out of
 * the page and put back loses the focus, and what a person typed next would go nowhere. */
function placeInOrder(box, nodes) {
  const wanted = new Set(nodes);
  for (const child of [...box.childNodes]) if (!wanted.has(child)) child.remove();
  let at = box.firstChild;
  for (const node of nodes) {
    if (node === at) at = at.nextSibling;
    else box.insertBefore(node, at);
  }
}

/** The seat's moves. A group whose moves did not change keeps its DOM, in place, with what is
 * typed in it and the focus; a form for the same move with new words or ranges is drawn afresh
 * with what was typed carried over. */
function drawMoves(box, update, ctx) {
  const legal = update.legal || { actions: [] };
  const acting = (legal.actions || []).length > 0;
  box.className = `panel me-move${acting ? " me-turn" : ""}`;
  box.hidden = update.seat === null || update.replay || update.over;
  if (box.hidden) return;
  const why = legal.why ? fillSeats(update, legal.why) : "";
  const heading = el("h3", {}, acting ? "Your move" : waitingLine(update) || "Nothing to do now",
    !acting && why ? el("span", { class: "muted" }, ` · ${why}`) : null);
  const kept = box.groups || new Map();
  const next = new Map();
  const redrawn = new Map(); // a form drawn afresh, by the form it replaces
  const was = focusIn(box);
  let part = null; // the magic moves come under a heading for each part of the module
  const nodes = moveGroups(legal).flatMap((group) => {
    let key = groupIdentity(update, group);
    while (next.has(key)) key += "+"; // two groups alike stay two
    const words = JSON.stringify([group.form || group.entries, group.form ? placesFor(update) : ""]);
    const old = kept.get(key);
    let node = old && old.words === words ? old : null;
    if (!node) {
      node = group.form ? moveForm(group.form, update, ctx) : moveButtons(group.type, group.entries, update, ctx);
      node.words = words;
      // A form on its way to the server (its buttons are disabled until the answer) was sent as
      // typed: the form that follows its move starts afresh.
      if (old && group.form && !old.querySelector("button:disabled")) {
        carryTyped(old, node);
        redrawn.set(old, node);
      }
    }
    next.set(key, node);
    const type = group.form ? group.form.type : group.type;
    const title = moveHeading(type) || financeHeading(update, type);
    const fresh = title && title !== part;
    part = title;
    return fresh ? [el("h4", { class: "mg-part" }, title), node] : [node];
  });
  box.groups = next;
  placeInOrder(box, [heading, ...nodes]);
  refocus(box, was, redrawn);
}

// --- the table ------------------------------------------------------------------------------

function auctionPanel(update) {
  const view = update.view;
  const auction = view.auction;
  if (!auction) return null;
  const contest = auction.contest;
  // places[i] is the seat that holds place i, once it is settled.
  const placed = auction.places.map((seat, place) => ({ place, seat })).filter((p) => p.seat !== null);
  let title = "Turn order";
  if (contest && contest.kind === "rank") title = `Rank auction for ${placesFor(update)}`;
  else if (contest && contest.seats.length < view.players.length) title = `Turn order: sealed bids again for ${placesFor(update)}`;
  else if (contest) title = "Turn order: everyone seals a bid";
  const extra = placeContest(update); // the finance module's barter for a tied place, or its sale
  if (extra) title = extra.title;
  const sealed = contest ? el("ul", { class: "me-sealed" }, contest.seats.map((s) => el("li", { class: auction.sealed[s] ? "done" : "" },
    dot(s), name(update, s, true), auction.sealed[s] ? ": sealed ✓" : ": thinking…"))) : null;
  return el("section", { class: "panel", id: "me-auction" }, el("h3", {}, title),
    sealed,
    auction.mine ? el("p", {}, `Your sealed ${auction.mine.length > 1 ? "stacks" : "bid"}: ${auction.mine.join(", ")} gold`) : null,
    placed.length ? el("p", {}, "Places so far: ", placed.map((p) => `${ordinal(p.place + 1)} ${name(update, p.seat)}`).join(", ")) : null,
    extra ? el("p", {}, extra.rule) : null,
    el("p", { class: "muted" }, `In the pot: ${auction.pot} gold.`,
      contest && contest.kind === "blind" ? " The highest bid plays first; the last place gets half of the pot back." : ""));
}

function votePanel(update) {
  const vote = update.view.vote;
  if (!vote) return null;
  const mine = { up: "raise the rate", down: "lower the rate", keep: "keep the rate" }[vote.mine] || vote.mine;
  return el("section", { class: "panel", id: "me-vote" }, el("h3", {}, "Spring vote on the tax rate"),
    el("ul", { class: "me-sealed" }, vote.voters.map((s, i) => el("li", { class: vote.sealed[i] ? "done" : "" },
      dot(s), name(update, s, true), vote.sealed[i] ? ": voted ✓" : ": thinking…"))),
    mine ? el("p", {}, `Your vote: ${mine}`) : null,
    el("p", { class: "muted" }, "Only a unanimous vote moves the rate."));
}

function offerPanel(update) {
  const offer = update.view.offer;
  if (!offer) return null;
  return el("section", { class: "panel", id: "me-offer" }, el("h3", {}, "An offer"),
    el("p", {}, `${name(update, offer.seller, true)} offer${offer.seller === update.seat ? "" : "s"} ${cardName(offer.card)} to ${name(update, offer.buyer)} for ${offer.price} gold`));
}

function turnPanel(update) {
  const view = update.view;
  const words = (text) => fillSeats(update, text);
  const log = view.turn_log || [];
  const start = log.find((e) => e.kind === "turn_start");
  const roll = log.find((e) => e.kind === "roll");
  if (!roll && view.phase === "auction") return null; // no turn yet: the auction's panel says what happens
  const lines = log.filter((e) => e !== start && e !== roll);
  const dice = roll && roll.dice ? el("span", { class: "me-dice", "aria-hidden": "true" }, roll.dice.map((d) => DIE[d - 1] || d).join("")) : null;
  return el("section", { class: "panel", id: "me-dice" },
    el("h3", {}, start ? words(start.text) : "This turn"),
    roll ? el("div", {}, dice, el("strong", {}, words(roll.text))) : el("p", { class: "muted" }, view.phase === "auction" ? "No roll yet: the turn order is being bid for." : "No roll yet."),
    roll && lines.length ? el("ul", { class: "me-turnlog", id: "me-produced" }, lines.map((e) => el("li", {}, words(e.text))))
      : roll ? el("p", { class: "muted" }, "Nothing else happened yet.") : null);
}

function countersPanel(view) {
  const c = view.counters;
  const wheel = el("div", { class: "me-wheel", title: `the ${c.wheel} season wheel` },
    c.wheel_portions.map((season, i) => el("span", {
      class: i === c.portion ? "now" : "", title: `${season}${i === c.portion ? " (now)" : ""}`,
      style: `background:${SEASON_COLOURS[season] || "#ccc"}`,
    })));
  const stats = [
    ["season", `${c.season}, year ${c.year}`],
    ["cost of the living", `${c.cost_of_living} gold`],
    ["research cost", c.research_cost],
    ["tax rate", c.tax_rate],
    ["central bank", `${view.bank} gold`],
    ["R.O.W.", `${view.row} gold`],
    ["deck", `${view.deck} cards`],
    ["orbit", `${view.orbit} of ${view.max_orbits}`],
    ["climate", `${c.wheel}${c.climate ? ` (${c.climate > 0 ? "+" : ""}${c.climate})` : ""}`],
  ];
  return el("section", { class: "panel", id: "me-counters" }, el("h3", {}, "The table"), wheel,
    el("dl", { class: "me-stats" }, stats.map(([k, v]) => el("div", {}, el("dt", {}, k), el("dd", { "data-counter": k }, String(v))))));
}

function playerPanel(update, seat) {
  const view = update.view;
  const p = view.players[seat];
  const goods = Object.entries(p.goods).filter(([, n]) => n).map(([g, n]) => el("span", { class: "me-chipx" }, `${n} ${goodsName(g)}`));
  const current = view.current === seat && view.phase !== "over";
  const badges = [
    current ? el("span", { class: "badge me-now" }, "to play") : null,
    p.out ? el("span", { class: "badge me-bad" }, "out of the game") : null,
    !p.out && p.bankrupt ? el("span", { class: "badge me-bad" }, `bankrupt, owes ${p.debt}`) : null,
    ...matBadges(update, seat),
    ...financeBadges(update, seat),
  ];
  const hand = p.hand.map((c) => cardEl(view, c, `hand${p.fresh.includes(c) ? " fresh" : ""}`,
    p.fresh.includes(c) ? `new: ${caption(view, c)}` : caption(view, c)));
  return el("section", { class: `panel me-mat${seat === update.seat ? " mine" : ""}${p.out ? " me-out" : ""}`, "data-seat": seat, style: `--seat:${seatColour(seat)}` },
    el("h3", {}, el("span", {}, dot(seat), seat === update.seat ? `${plainSeatName(update, seat)} (you)` : plainSeatName(update, seat)), ...badges),
    el("div", { class: "me-purse" }, el("span", { class: "me-chipx gold" }, `${p.gold} gold`), ...goods,
      el("span", { class: "me-chipx", title: "the score if the game ended now" }, `score ${p.score}`)),
    el("div", { class: "me-cards me-tableau" }, p.tableau.length
      ? p.tableau.map((s) => pileEl(update, seat, s, stackEl(view, s, shopTitle(update, seat, s))))
      : el("span", { class: "muted" }, "no permits placed yet")),
    hand.length ? el("div", { class: "me-cards me-hand" }, el("span", { class: "muted" }, "in hand:"), hand) : null,
    ...matRows(update, seat),
    ...financeRows(update, seat));
}

/** One side of a book: the best few prices, each with how many and whose; the rest summed up. */
function ladderSide(update, levels, side) {
  const shown = levels.slice(0, LADDER_ROWS);
  const rest = levels.slice(LADDER_ROWS).reduce((n, level) => n + level.count, 0);
  const rows = shown.map((level) => {
    const yours = level.owners.filter((o) => o === update.seat).length;
    const row = level.owners.includes("row");
    const whose = [yours ? `${yours} yours` : "", row ? "R.O.W." : ""].filter(Boolean).join(", ");
    return el("li", { class: yours ? "yours" : "", "data-price": level.price, title: `${level.count} at ${level.price} gold${whose ? ` (${whose})` : ""}` },
      el("b", {}, `${level.price}`), ` × ${level.count} `, whose ? el("small", {}, whose) : "");
  });
  const more = rest ? el("li", { class: "muted" }, `+${rest} ${side === "bids" ? "lower" : "higher"}`) : null;
  return el("div", { class: side }, el("div", { class: "side" }, side === "bids" ? "Buyers bid" : "Sellers ask"),
    el("ul", {}, rows.length ? rows : el("li", { class: "muted" }, "none"), more));
}

function bookEl(update, commodity, book) {
  const me = update.seat === null ? null : update.view.players[update.seat];
  const held = me ? me.goods[commodity] || 0 : null;
  const escrowed = book.bids.filter((b) => b.escrow);
  const mineEscrow = escrowed.filter((b) => b.owner === update.seat).length;
  const foot = [
    held !== null ? `you hold ${held}` : "",
    escrowed.length ? `${escrowed.length} bid${escrowed.length > 1 ? "s" : ""} in escrow${mineEscrow ? ` (${mineEscrow} yours)` : ""}` : "",
  ].filter(Boolean).join(" · ");
  return el("div", { class: "me-book", "data-commodity": commodity },
    el("h4", {}, goodsName(commodity),
      el("span", { class: "muted" }, `spot ${book.spot} · last sold ${book.last_sold === null ? "—" : book.last_sold}`)),
    el("div", { class: "me-sides" }, ladderSide(update, book.ladder.bids, "bids"), ladderSide(update, book.ladder.asks, "asks")),
    foot ? el("div", { class: "foot" }, foot) : null);
}

function marketPanel(update) {
  const market = update.view.market;
  return el("section", { class: "panel", id: "me-market" }, el("h3", {}, "The Grand Market"),
    el("div", { class: "me-books" }, Object.entries(market).map(([commodity, book]) => bookEl(update, commodity, book))),
    el("p", { class: "muted", style: "margin:6px 0 0;font-size:12px" }, "Prices in gold, the best first; × how many units at that price."));
}

/** Everything the view still holds of the game's history, in words, the newest first. */
function logPanel(update) {
  const recent = (update.view.recent || []).slice().reverse();
  return el("section", { class: "panel", id: "me-log" }, el("h3", {}, "What happened"),
    recent.length ? el("ol", { class: "me-log", reversed: true }, recent.map((e) => el("li", { value: e.n }, fillSeats(update, e.text || e.kind))))
      : el("p", { class: "muted" }, "Nothing yet."));
}

export default {
  render(root, update, ctx) {
    const view = update.view;
    if (!root.querySelector(".me-root")) {
      root.replaceChildren(el("style", {}, STYLE + MAGIC_STYLE + FINANCE_STYLE), el("div", { class: "me-root" },
        el("section", { class: "panel me-move", id: "your-move" }),
        el("div", { class: "me-board" }, el("div", { class: "me-main" }), el("div", { class: "me-side" }))));
    }
    drawMoves(root.querySelector(".me-move"), update, ctx);
    const order = view.order.length ? view.order : view.players.map((_, s) => s);
    const logScroll = root.querySelector(".me-log") ? root.querySelector(".me-log").scrollTop : 0;
    root.querySelector(".me-main").replaceChildren(...[
      auctionPanel(update), votePanel(update), ballotPanel(update), offerPanel(update),
      financeOffer(update, ctx), salePanel(update),
      marketPanel(update),
      ...order.map((s) => playerPanel(update, s)),
      financePanel(update),
    ].filter(Boolean));
    root.querySelector(".me-side").replaceChildren(...[turnPanel(update), countersPanel(view), magicPanel(update), logPanel(update)].filter(Boolean));
    root.querySelector(".me-log")?.scrollTo(0, logScroll);
  },
};
