// Merlin Economics' renderer: the counters and the season wheel, the dice and what they produced, the
// central bank and the R.O.W., each player's tableau (lands and Chauffeurs placed across properties),
// the Grand Market's bid/ask tables, and the moves of the seat.
import { el, seatName } from "../api.js";

const SUITS = { C: "♣", D: "♦", S: "♠", H: "♥" };
const RED = new Set(["D", "H"]);
const DIE = "⚀⚁⚂⚃⚄⚅";
const SEASON_COLOURS = { summer: "#f4c542", autumn: "#d9822b", winter: "#9cc3e6", spring: "#7cc576" };

const STYLE = `
.me-cards { display: flex; flex-wrap: wrap; gap: 14px; align-items: center; min-height: 70px; }
.me-stack { position: relative; width: 46px; height: 100px; margin: 0 14px 14px; }
.me-card { position: absolute; top: 0; left: 0; width: 46px; height: 66px; border: 1px solid #555; border-radius: 5px; background: #fffdf6;
  display: flex; flex-direction: column; align-items: center; justify-content: center; font-weight: 600;
  font-size: 15px; box-shadow: 1px 1px 2px rgba(0,0,0,.2); }
.me-card.red { color: #b91c1c; }
.me-card small { font-weight: 400; font-size: 10px; color: #555; }
.me-card.across { top: 40px; transform: rotate(90deg); background: #f6f0ff; }
.me-card.hand { position: static; width: 40px; height: 58px; display: inline-flex; }
.me-card.fresh { border-style: dashed; }
.me-chip { position: absolute; bottom: -16px; white-space: nowrap; left: -8px; right: -8px; text-align: center; font-size: 11px; }
.me-wheel { display: flex; gap: 2px; margin: 6px 0; }
.me-wheel span { width: 22px; height: 14px; border-radius: 3px; display: inline-block; }
.me-wheel span.now { outline: 2px solid #111; }
.me-dice { font-size: 34px; line-height: 1; }
.me-out { opacity: .5; }
`;

function cardName(code) {
  return code ? `${code.slice(0, -1)}${SUITS[code.slice(-1)] || code.slice(-1)}` : "";
}

function cardEl(code, extra = "", note = "") {
  const red = RED.has(code.slice(-1)) ? " red" : "";
  return el("div", { class: `me-card${red} ${extra}`, "data-card": code, title: cardName(code) },
    cardName(code), note ? el("small", {}, note) : null);
}

function who(update, owner) {
  return owner === "row" ? "R.O.W." : seatName(update, owner);
}

/** A property with what lies on it: a land or a second property turned across it. */
function stackEl(stack) {
  const chips = [];
  if (stack.invested) chips.push(`invested ${stack.invested}`);
  if (stack.kind === "chauffeur") chips.push(`stored ${stack.stored}`);
  return el("div", { class: "me-stack", "data-kind": stack.kind, title: stack.kind },
    cardEl(stack.card, "", `value ${stack.value}`),
    stack.top ? cardEl(stack.top, "across", stack.kind === "chauffeur" ? "chauffeur" : "land") : null,
    chips.length ? el("div", { class: "me-chip" }, chips.join(", ")) : null);
}

function countersPanel(view) {
  const c = view.counters;
  const wheel = el("div", { class: "me-wheel", title: `${c.wheel} wheel` },
    c.wheel_portions.map((season, i) => el("span", {
      class: i === c.portion ? "now" : "", title: `${season}${i === c.portion ? " (now)" : ""}`,
      style: `background:${SEASON_COLOURS[season] || "#ccc"}`,
    })));
  const rows = [
    ["season", `${c.season}, year ${c.year}`],
    ["cost of the living", c.cost_of_living],
    ["research cost", c.research_cost],
    ["tax rate", c.tax_rate],
    ["climate", `${c.climate} (${c.wheel} wheel)`],
    ["volatility", c.volatility],
    ["central bank", view.bank],
    ["R.O.W.", view.row],
    ["deck", `${view.deck} cards`],
    ["orbit", `${view.orbit} of ${view.max_orbits}`],
  ];
  return el("section", { class: "panel", id: "me-counters" }, el("h3", {}, "Indicators"), wheel,
    el("dl", { class: "kv" }, rows.map(([k, v]) => [el("dt", {}, k), el("dd", { "data-counter": k }, String(v))])));
}

function dicePanel(update) {
  const view = update.view;
  const log = view.turn_log || [];
  const roll = log.find((e) => e.kind === "roll");
  const lines = log.filter((e) => ["produced", "investment_paid", "chauffeur_paid", "seven", "season",
    "holding_fee", "climate", "tax", "bankrupt", "out", "stimulus"].includes(e.kind));
  const text = (e) => {
    switch (e.kind) {
      case "produced": return `${seatName(update, e.seat)}: ${cardName(e.card)} gave ${e.gold !== undefined ? `${e.gold} gold` : `${e.amount} ${e.commodity.replace("_", " ")}`}`;
      case "investment_paid": return `${seatName(update, e.seat)}: investment on ${cardName(e.card)} doubled, ${e.paid} gold`;
      case "chauffeur_paid": return `${seatName(update, e.seat)}: Chauffeur ${cardName(e.card)} returned ${e.paid}`;
      case "seven": return `a 7: research cost up, ${e.investments_taken} invested gold to the central bank`;
      case "season": return `the wheel turned: ${e.season}, year ${e.year}`;
      case "holding_fee": return `${seatName(update, e.seat)} paid ${e.paid} to keep commodities`;
      case "tax": return `${seatName(update, e.seat)} paid ${e.paid} in taxes`;
      case "bankrupt": return `${seatName(update, e.seat)} is bankrupt (owes ${e.owes})`;
      case "out": return `${seatName(update, e.seat)} is out of the game`;
      case "stimulus": return `the R.O.W. bid for ${e.commodity.replace("_", " ")} (${e.bids} at ${e.price})`;
      case "climate": return `climate ${e.climate}: the ${e.wheel} wheel`;
      default: return e.kind;
    }
  };
  return el("section", { class: "panel", id: "me-dice" }, el("h3", {}, "Dice"),
    roll ? el("div", {}, el("span", { class: "me-dice", title: `${roll.total}` }, `${DIE[roll.dice[0] - 1]}${DIE[roll.dice[1] - 1]}`),
      ` ${seatName(update, roll.seat)} rolled ${roll.total}`) : el("p", { class: "muted" }, "no roll yet"),
    lines.length ? el("ul", { id: "me-produced" }, lines.map((e) => el("li", {}, text(e))))
      : roll ? el("p", { class: "muted" }, "nothing produced") : null);
}

function playerPanel(update, seat) {
  const view = update.view;
  const p = view.players[seat];
  const goods = Object.entries(p.goods).filter(([, n]) => n).map(([name, n]) => `${n} ${name.replace("_", " ")}`);
  const state = p.out ? "out of the game" : p.bankrupt ? `bankrupt, owes ${p.debt}` : "";
  const current = view.current === seat && view.phase !== "over";
  return el("section", { class: `panel${seat === update.seat ? " mine" : ""}${p.out ? " me-out" : ""}`, "data-seat": seat },
    el("h3", {}, `${seatName(update, seat)}${current ? " ◀ to play" : ""}`),
    el("p", {}, `gold ${p.gold}`, goods.length ? ` · ${goods.join(", ")}` : "", state ? ` · ${state}` : ""),
    el("div", { class: "me-cards me-tableau" }, p.tableau.length ? p.tableau.map(stackEl) : el("span", { class: "muted" }, "no permits placed")),
    p.hand.length ? el("div", { class: "me-cards me-hand" }, el("span", { class: "muted" }, "in hand:"),
      p.hand.map((c) => cardEl(c, `hand${p.fresh.includes(c) ? " fresh" : ""}`, p.fresh.includes(c) ? "new" : ""))) : null);
}

function marketPanel(update) {
  const view = update.view;
  const rows = Object.entries(view.market).map(([name, book]) => el("tr", { "data-commodity": name },
    el("th", { class: "rowname" }, name.replace("_", " ")),
    el("td", {}, book.bids.map((b) => `#${b.order} ${b.price} (${who(update, b.owner)}${b.escrow ? ", escrow" : ""})`).join("; ") || "-"),
    el("td", {}, book.asks.map((a) => `#${a.order} ${a.price} (${who(update, a.owner)})`).join("; ") || "-"),
    el("td", {}, String(book.spot)),
    el("td", {}, book.last_sold === null ? "-" : String(book.last_sold))));
  return el("section", { class: "panel", id: "me-market" }, el("h3", {}, "The Grand Market"),
    el("table", { class: "sheet" }, el("tr", {}, ["", "bids", "asks", "spot", "last sold"].map((h) => el("th", {}, h))), rows));
}

function pendingPanel(update) {
  const view = update.view;
  const parts = [];
  if (view.auction && view.auction.contest) {
    const c = view.auction.contest;
    parts.push(el("p", {}, `Turn-order ${c.kind} auction (pot ${view.auction.pot}): `,
      c.seats.map((s) => `${seatName(update, s)} ${view.auction.sealed[s] ? "sealed" : "thinking"}`).join(", "),
      view.auction.mine ? ` · your sealed bid: ${view.auction.mine.join(", ")}` : ""));
  }
  if (view.vote) {
    parts.push(el("p", {}, `Spring vote on the tax rate: ${view.vote.sealed.filter(Boolean).length} of ${view.vote.voters.length} in`,
      view.vote.mine ? ` · your vote: ${view.vote.mine}` : ""));
  }
  if (view.offer) {
    const o = view.offer;
    parts.push(el("p", {}, `${seatName(update, o.seller)} offers ${cardName(o.card)} to ${seatName(update, o.buyer)} for ${o.price} gold`));
  }
  return parts.length ? el("section", { class: "panel", id: "me-pending" }, ...parts) : null;
}

/** The latest events in words (the view keeps the last few, numbered from the game's start). */
function logPanel(update) {
  const recent = (update.view.recent || []).slice(-14).reverse();
  const name = (s) => (s === "row" || s === -1 ? "R.O.W." : seatName(update, s));
  const line = (e) => {
    switch (e.kind) {
      case "roll": return `${name(e.seat)} rolled ${e.total}`;
      case "buy_permit": return `${name(e.seat)} bought ${cardName(e.card)} for ${e.price}`;
      case "place": return `${name(e.seat)} placed ${cardName(e.card)}${e.on ? ` on ${cardName(e.on)}` : ""}`;
      case "invest": return `${name(e.seat)} invested ${e.amount} on ${cardName(e.card)}`;
      case "trade": return `${name(e.seller)} sold ${e.commodity.replace("_", " ")} to ${name(e.buyer)} at ${e.price}`;
      case "bid": case "ask": return `${name(e.seat)} ${e.kind === "bid" ? "bid" : "asked"} ${e.price} for ${e.commodity.replace("_", " ")}`;
      case "sale": return `${name(e.seller)} sold ${cardName(e.card)} to ${name(e.buyer)} for ${e.price}`;
      case "inflation": return `${cardName(e.card)} played: cost of the living ${e.cost_of_living}`;
      case "turn_end": return `${name(e.seat)} ended the turn`;
      default: return `${e.seat !== undefined ? `${name(e.seat)}: ` : ""}${e.kind.replaceAll("_", " ")}`;
    }
  };
  return el("section", { class: "panel", id: "me-log" }, el("h3", {}, "What happened"),
    recent.length ? el("ol", { reversed: true }, recent.map((e) => el("li", { value: e.n }, line(e)))) : el("p", { class: "muted" }, "nothing yet"));
}

export default {
  render(root, update, ctx) {
    const view = update.view;
    if (!root.querySelector(".me-move")) {
      root.replaceChildren(el("style", {}, STYLE), el("div", { class: "me-move" }), el("div", { class: "me-table" }));
    }
    // Rebuild the forms only when the legal moves change, so typed values survive pushes.
    const key = JSON.stringify([update.seat, update.legal, update.replay]);
    const move = root.querySelector(".me-move");
    if (move.dataset.key !== key) {
      move.dataset.key = key;
      move.replaceChildren(update.replay ? el("div") : ctx.generic.actionForms(update, ctx));
    }
    const order = view.order.length ? view.order : view.players.map((_, s) => s);
    root.querySelector(".me-table").replaceChildren(...[
      pendingPanel(update),
      el("div", { class: "grid" }, countersPanel(view), dicePanel(update), logPanel(update)),
      ...order.map((s) => playerPanel(update, s)),
      marketPanel(update),
    ].filter(Boolean));
  },
};
