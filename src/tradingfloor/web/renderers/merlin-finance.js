// The finance module's part of Merlin's table (MERLIN-MODULES.md §3), drawn from the view's
// `finance` section: futures on the field as the draft's sticky notes (short, bushel, forward
// price, expiry, the long or "open to take", due and expired), insurance quotes and policies,
// loans, bonds, shares and notes, the custom bid/ask tables, debts between players, an offer
// awaiting its answer (with Accept and Decline buttons for the player it is made to) and a
// property auction under way (who still bids, who has sealed; never another's sealed bid).
// Also the words for the choices of finance moves' forms. Every text comes from the game
// (finance/view.py); seats are named here.
import { el, fillSeats } from "../api.js";
import { actionOf, dot, name, seatColour, sendFrom } from "./merlin-kit.js";

export const FINANCE_STYLE = `
.fi-root h4 { margin: 12px 0 4px; font-size: 14px; }
.fi-root h4:first-of-type { margin-top: 4px; }
.fi-notes { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr)); gap: 8px; margin: 0 0 6px; padding: 0; list-style: none; align-items: start; }
.fi-note { background: #fff7b8; border-radius: 3px 3px 10px 3px; padding: 6px 9px; box-shadow: 1px 2px 4px rgba(0,0,0,.2);
  border-top: 5px solid var(--seat, #b7950b); font-size: 13px; line-height: 1.35; }
.fi-note b.fi-what { display: block; font-size: 15px; }
.fi-note .fi-line { display: block; }
.fi-note .fi-line span { color: #6b5e1e; }
.fi-note .fi-status { display: block; margin-top: 4px; padding: 2px 6px; border-radius: 6px; background: rgba(255,255,255,.65); }
.fi-note.open .fi-status { background: #e4f3e6; }
.fi-note.due .fi-status, .fi-note.defaulted .fi-status { background: #f6c9c5; color: #7d1b12; font-weight: 600; }
.fi-note.expired .fi-status { background: #fde3c8; }
.fi-list { list-style: none; margin: 0 0 6px; padding: 0; display: grid; gap: 4px; font-size: 14px; }
.fi-list li { background: #f4f1e6; border-radius: 8px; padding: 3px 9px; }
.fi-list li.mine { background: #dbe9ff; }
.fi-list li small { display: block; color: #4b5563; font-size: 12px; }
.fi-tables { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 8px; }
.fi-tables .side { font-size: 12px; color: #6b7280; }
@media (max-width: 560px) { .fi-tables { grid-template-columns: minmax(0, 1fr); } }
.fi-debts { width: 100%; border-collapse: collapse; font-size: 14px; }
.fi-debts th { text-align: left; font-size: 12px; color: #6b7280; font-weight: 400; }
.fi-debts td, .fi-debts th { padding: 2px 6px; border-bottom: 1px solid #ece6d3; }
.fi-debts td.gold { font-variant-numeric: tabular-nums; font-weight: 600; }
#fi-offer { border: 3px solid #e0a800; }
#fi-offer .fi-what { font-size: 17px; margin: 4px 0; }
#fi-offer .fi-answer { display: flex; flex-wrap: wrap; gap: 8px; margin: 8px 0 4px; }
#fi-offer .fi-answer button { font-size: 16px; padding: 7px 16px; }
#fi-offer button.fi-accept { background: #1e7b34; color: #fff; }
#fi-offer button.fi-decline { background: #e3e7ee; color: #1d2330; border: 1px solid #b9c0cc; }
.fi-positions { font-size: 13px; }
.me-mat .badge.fi-owes { background: #f6c9c5; }
.me-mat .badge.fi-owed { background: #d7f2dc; }
@media (max-width: 860px) {
  #fi-offer, #fi-sale { order: 1; }
  #fi-table { order: 5; }
}
`;

/** The finance section of the view, or null in a game without the module. */
export function financeOf(view) {
  return (view && view.finance) || null;
}

function words(update, text) {
  return fillSeats(update, text);
}

/** A party by name: a seat, the R.O.W. or the central bank (-2). */
function party(update, seat, start = false) {
  if (seat === -2) return start ? "The central bank" : "the central bank";
  if (seat === -1) return start ? "The R.O.W." : "the R.O.W.";
  return name(update, seat, start);
}

// --- forms' choices in words ----------------------------------------------------------------

const CONTRACT_FIELDS = new Set(["future", "long", "quote", "listing", "wanted", "policy", "loan"]);
const FIELDS = new Set([...CONTRACT_FIELDS, "creditor", "issuer", "item", "style", "event", "portion", "ref", "numbers"]);
const ITEMS = {
  future: "the long of a future", bond: "a bond", share: "a share", note: "a note",
  spell: "a spell card", recipe: "a potion recipe card", crown: "a crown",
};
const STYLES = { blind: "blind auction (one sealed bid each)", open: "open bidding (rounds of raises)" };
const EVENTS = {
  numbers: "the numbers rolled",
  spell_on_buyer: "a spell cast at the buyer",
  golem_damage_on_buyer: "golem damage to the buyer",
  land_blocked: "a spell blocking the buyer's land",
  seven: "a 7 rolled",
};
const ORDINALS = ["first", "second", "third", "fourth", "fifth", "sixth"];

/** Each portion of the season wheel as the start of its month: "start of summer's second month". */
function months(view) {
  const wheel = view.counters.wheel_portions;
  return wheel.map((season, i) => {
    let first = i;
    while (first > 0 && wheel[first - 1] === season) first -= 1;
    return i === first ? `start of ${season}` : `start of ${season}'s ${ORDINALS[Math.min(i - first, 5)]} month`;
  });
}

/** "5", "2 or 3", "2, 3 or 5". */
function numbersSaid(numbers) {
  const texts = numbers.map(String);
  return texts.length > 1 ? `${texts.slice(0, -1).join(", ")} or ${texts.at(-1)}` : texts[0] || "";
}

function choiceWords(update, finance, field, value, label, type) {
  if (field === "numbers" && Array.isArray(value)) return value.length ? numbersSaid(value) : "none (it pays on an event)";
  if (label !== undefined && label !== null && label !== String(value)) return label;
  if (field === "ref" && type === "want" && finance.bid_refs[value] !== undefined) return finance.bid_refs[value];
  if (field === "ref" && value === "") return "none needed";
  if (field === "ref" && finance.names[value]) return finance.names[value];
  if (CONTRACT_FIELDS.has(field) && finance.names[String(value)]) return finance.names[String(value)];
  if ((field === "creditor" || field === "issuer") && typeof value === "number") return party(update, value);
  if (field === "item" && ITEMS[value]) return ITEMS[value];
  if (field === "style" && STYLES[value]) return STYLES[value];
  if (field === "event" && EVENTS[value]) return EVENTS[value];
  return String(value).replaceAll("_", " ");
}

/** A form's hints with the finance fields' choices in words (over `hints`, the magic module's
 * words for the rest): contracts and orders by what they are, creditors and issuers by name, an
 * expiry's portion of the wheel as a choice of months. */
export function financeHints(update, fields, hints, type = "") {
  const finance = financeOf(update.view);
  if (!finance) return hints;
  const out = { ...hints };
  for (const [field, hint] of Object.entries(fields || {})) {
    if (PARTS[type] && hint.choices && hint.choices.includes(null)) {
      // An empty choice of a finance move is "none" (the economy's words are a place's).
      const labels = out[field].labels || hint.labels || [];
      out[field] = { ...out[field], labels: hint.choices.map((c, i) => (c === null ? "none" : labels[i])) };
    }
    if (!FIELDS.has(field)) continue;
    if (field === "portion" && hint.min !== undefined && !hint.choices) {
      const all = months(update.view);
      const choices = all.map((_, i) => i).filter((i) => i >= hint.min && i <= hint.max);
      out[field] = { label: "expiry at the start of", choices, labels: choices.map((i) => all[i]) };
    } else if (hint.choices) {
      out[field] = { ...hint, labels: hint.choices.map((c, i) => choiceWords(update, finance, field, c, (hint.labels || [])[i], type)) };
    }
  }
  return out;
}

/** The heading a finance move comes under in the list of moves, or null. */
const PARTS = {
  accept: "Offers", decline: "Offers", propose_trade: "Trades",
  write_future: "Futures", take_future: "Futures", deliver: "Futures", offset: "Futures", cash_settle: "Futures",
  write_insurance: "Insurance", reprice: "Insurance", withdraw_quote: "Insurance", buy_insurance: "Insurance",
  offer_loan: "Loans, bonds, shares and notes", issue_bonds: "Loans, bonds, shares and notes",
  issue_stock: "Loans, bonds, shares and notes", issue_notes: "Loans, bonds, shares and notes",
  redeem_note: "Loans, bonds, shares and notes",
  list_item: "Custom bid/ask tables", delist: "Custom bid/ask tables", buy_listing: "Custom bid/ask tables",
  want: "Custom bid/ask tables", drop_wanted: "Custom bid/ask tables", fill_wanted: "Custom bid/ask tables",
  auction_property: "Property auctions", seal_bid: "Property auctions",
  repay: "Debts",
};

export function financeHeading(update, type) {
  return financeOf(update.view) ? PARTS[type] || null : null;
}

// --- a player's mat ---------------------------------------------------------------------------

/** Badges beside a player's name: what they owe on contracts and what they are owed. */
export function financeBadges(update, seat) {
  const finance = financeOf(update.view);
  if (!finance) return [];
  const owed = finance.owed[seat] || {};
  return [
    owed.owes ? el("span", { class: "badge fi-owes", title: "debts to other players, the R.O.W. or the central bank" },
      `owes ${owed.owes} gold on contracts`) : null,
    owed.is_owed ? el("span", { class: "badge fi-owed", title: "debts other players owe them" }, `is owed ${owed.is_owed} gold`) : null,
  ];
}

/** A row under a player's cards: their futures, short and long, and their insurance. */
export function financeRows(update, seat) {
  const finance = financeOf(update.view);
  if (!finance) return [];
  const items = [];
  for (const f of finance.futures) {
    if (f.short === seat) items.push(`short future ${f.id} (${f.units} ${f.commodity_title}, ${f.expiry})`);
    if (f.long === seat) items.push(`long future ${f.id} (${f.units} ${f.commodity_title}, ${f.expiry})`);
  }
  for (const p of finance.policies) if (p.buyer === seat) items.push(`insured by insurance ${p.id} (${p.payout} gold)`);
  const held = finance.securities.flatMap((s) => s.holders.filter((h) => h.holder === seat)
    .map((h) => `${h.count} of ${words(update, s.title).replace(/^Your/, "your")}`));
  items.push(...held);
  if (!items.length) return [];
  return [el("p", { class: "mg-row fi-positions", "data-part": "positions" },
    el("span", { class: "muted" }, "Contracts: "), items.join("; "))];
}

// --- what the table waits for ---------------------------------------------------------------


/** An offer awaiting its answer: what is offered, who answers, and for that player the two
 * answers as buttons. */
export function offerPanel(update, ctx) {
  const finance = financeOf(update.view);
  const offer = finance && finance.offer;
  if (!offer) return null;
  const mine = offer.to === update.seat && !update.replay;
  const legal = (update.legal && update.legal.actions) || [];
  const accept = legal.find((a) => a.type === "accept");
  const decline = legal.find((a) => a.type === "decline");
  const box = el("div", { class: "fi-answer" });
  const error = el("span", { class: "error", role: "alert" });
  if (mine && accept) box.append(el("button", { type: "button", class: "fi-accept", onclick: () => sendFrom(box, error, ctx, actionOf(accept), update) }, `Accept the ${offer.kind === "loan" ? "loan" : "offer"}`));
  if (mine && decline) box.append(el("button", { type: "button", class: "fi-decline", onclick: () => sendFrom(box, error, ctx, actionOf(decline), update) }, "Decline"));
  box.append(error);
  return el("section", { class: "panel", id: "fi-offer", "data-offer": offer.id },
    el("h3", {}, offer.title),
    el("p", { class: "fi-what" }, words(update, offer.text)),
    mine ? el("p", {}, "The offer is yours to answer.") : el("p", { class: "muted" }, words(update, offer.answer)),
    mine ? box : null,
    offer.note ? el("p", { class: "muted" }, offer.note) : null);
}

/** A property auction under way: who still bids and who has sealed, the standing bid of open
 * bidding, this seat's own sealed bid. */
export function salePanel(update) {
  const finance = financeOf(update.view);
  const sale = finance && finance.sale;
  if (!sale) return null;
  const done = new Set(sale.sealed);
  const verb = sale.style === "open" ? "raised or passed" : "sealed";
  return el("section", { class: "panel", id: "fi-sale" }, el("h3", {}, words(update, sale.title)),
    el("p", {}, words(update, sale.text)),
    el("ul", { class: "me-sealed" }, sale.bidders.map((s) => {
      const standing = sale.style === "open" && s === sale.leader;
      const doing = standing ? ": holds the standing bid" : done.has(s) ? `: ${verb} ✓` : ": thinking…";
      return el("li", { class: done.has(s) || standing ? "done" : "" }, dot(s), name(update, s, true), doing);
    })),
    sale.standing ? el("p", { id: "fi-standing" }, el("strong", {}, words(update, sale.standing))) : null,
    sale.tie_text ? el("p", {}, sale.tie_text) : null,
    sale.mine !== null && sale.mine !== undefined ? el("p", {}, `Your sealed bid: ${sale.mine ? `${sale.mine} gold` : "no bid"} (secret until the round ends)`) : null,
    el("p", { class: "muted" }, sale.rule));
}

// --- the finance table ------------------------------------------------------------------------

function futureNote(update, f) {
  return el("li", { class: `fi-note ${f.status}`, "data-future": f.id, style: `--seat:${seatColour(f.short)}` },
    el("b", { class: "fi-what" }, `Future ${f.id}: ${f.units} ${f.commodity_title}`),
    el("span", { class: "fi-line" }, el("span", {}, "Short: "), party(update, f.short, true)),
    el("span", { class: "fi-line" }, el("span", {}, "Forward price: "), `${f.price} gold`),
    el("span", { class: "fi-line" }, el("span", {}, "Expiry: "), f.expiry),
    el("span", { class: "fi-status" }, words(update, f.status_text),
      f.status === "due" || f.status === "expired" ? el("small", { class: "fi-line" }, words(update, f.worth_text)) : null));
}

function item(update, text, mine, small = "", attrs = {}) {
  return el("li", { class: mine ? "mine" : "", ...attrs }, words(update, text), small ? el("small", {}, words(update, small)) : null);
}

function futuresPart(update, finance) {
  if (!finance.futures.length) return [];
  return [el("h4", {}, "Futures on the field"),
    el("ul", { class: "fi-notes", id: "fi-futures" }, finance.futures.map((f) => futureNote(update, f))),
    el("p", { class: "muted", style: "font-size:12px;margin:0 0 6px" },
      `One bushel is ${finance.bushel} units. The long pays the forward price to the short. On the short's first turn after expiry they deliver the bushel, offset it with a long of the same expiry, or settle it in gold; unsettled by their second turn, they are bankrupt.`)];
}

function insurancePart(update, finance) {
  const me = update.seat;
  const rows = [
    ...finance.quotes.map((q) => item(update, q.text, q.writer === me, `On offer · ${q.odds}`, { "data-quote": q.id })),
    ...finance.policies.map((p) => item(update, p.text, p.buyer === me || p.writer === me, "Bought: pays once, on the first roll it covers", { "data-policy": p.id })),
  ];
  if (!rows.length) return [];
  return [el("h4", {}, "Insurance"), el("ul", { class: "fi-list", id: "fi-insurance" }, rows)];
}

function instrumentsPart(update, finance) {
  const me = update.seat;
  const rows = [
    ...finance.loans.map((l) => item(update, l.text, l.lender === me || l.borrower === me, "", { "data-loan": l.id })),
    ...finance.securities.map((s) => item(update, s.text, s.issuer === me || s.holders.some((h) => h.holder === me))),
  ];
  if (!rows.length) return [];
  return [el("h4", {}, "Loans, bonds, shares and notes"), el("ul", { class: "fi-list", id: "fi-instruments" }, rows)];
}

function customPart(update, finance) {
  const me = update.seat;
  if (!finance.listings.length && !finance.wanted.length) return [];
  const side = (title, rows) => el("div", {}, el("div", { class: "side" }, title),
    el("ul", { class: "fi-list" }, rows.length ? rows : el("li", { class: "muted" }, "none")));
  return [el("h4", {}, "Custom bid/ask tables"), el("div", { class: "fi-tables", id: "fi-custom" },
    side("Sellers ask", finance.listings.map((a) => item(update, `${a.what}: ${a.price} gold`, a.seller === me, `ask ${a.id} by ${party(update, a.seller)}`, { "data-listing": a.id }))),
    side("Buyers bid", finance.wanted.map((b) => item(update, `${b.what}: ${b.price} gold`, b.buyer === me, `bid ${b.id} by ${party(update, b.buyer)}`, { "data-wanted": b.id }))))];
}

function debtsPart(update, finance) {
  if (!finance.debts.length) return [];
  return [el("h4", {}, "Debts"),
    el("table", { class: "fi-debts", id: "fi-debts" },
      el("tr", {}, el("th", {}, "owed by"), el("th", {}, "to"), el("th", {}, "gold"), el("th", {}, "for")),
      finance.debts.map((d) => el("tr", { "data-debtor": d.debtor },
        el("td", {}, party(update, d.debtor, true)), el("td", {}, party(update, d.creditor, true)),
        el("td", { class: "gold" }, String(d.amount)), el("td", {}, d.why_text)))),
    el("p", { class: "muted", style: "font-size:12px;margin:4px 0 0" }, "A player who owes is bankrupt until they pay; still bankrupt a year later, they are out of the game.")];
}

/** The finance table: futures, insurance, loans and securities, custom tables, debts. */
export function financePanel(update) {
  const finance = financeOf(update.view);
  if (!finance) return null;
  const parts = [
    ...futuresPart(update, finance), ...insurancePart(update, finance), ...instrumentsPart(update, finance),
    ...customPart(update, finance), ...debtsPart(update, finance),
  ];
  const road = finance.road ? el("p", { class: "muted" }, words(update, finance.road.text)) : null;
  return el("section", { class: "panel fi-root", id: "fi-table" }, el("h3", {}, "Contracts and debts"),
    parts.length ? parts : el("p", { class: "muted" }, "No contracts open. Futures, insurance, loans, bonds, shares and notes appear here once a player writes or issues them."),
    road);
}

// --- the turn order's extras (MERLIN-MODULES.md §3.7) -------------------------------------------

function placeWords(index) {
  const n = index + 1;
  const tail = n % 100 >= 11 && n % 100 <= 13 ? "th" : { 1: "st", 2: "nd", 3: "rd" }[n % 10] || "th";
  return `the ${n}${tail} place`;
}

/** The turn-order auction's title and rule when the finance module barters for a tied place or
 * sells a place tied for last, else null (the economy's own contests). */
export function placeContest(update) {
  const auction = update.view.auction;
  const contest = auction && auction.contest;
  if (!contest || !financeOf(update.view)) return null;
  const place = placeWords(contest.first_place);
  if (contest.kind === "sale") {
    const seller = auction.places[0];
    const who = seller === null || seller === undefined ? "The player going first" : party(update, seller, true);
    return {
      title: `Turn order: ${who} sells ${place}, tied for last`,
      rule: "Each tied player seals a bid (0: none). The highest bid takes the place and pays the seller; the others follow in the order of their bids.",
    };
  }
  if (contest.kind === "barter") {
    const first = contest.seats[0];
    return {
      title: `Turn order: a tie for ${place}`,
      rule: `${party(update, first, true)} may offer the player tied with ${first === update.seat ? "you" : "them"} gold for ${place}; declined, or without an offer, the two seal bids again.`,
    };
  }
  return null;
}
