// Middleman's renderer. First what you decide now and what just happened (the order form beside
// the latest reveal), then the Forecast of the coming rounds, then your game sheet as on paper,
// the traders, every round's reveal, a cash plot and the others' sheets.
import { el, fillSeats, seatName, svg } from "../api.js";

// The printed game's figures (Middleman §2, §4: "The market never pays more than 10 per tin."); a
// research variant's view gives its own (`rounds`, and `variant`: its digits and top price).
const PRINTED = { rounds: 10, digits: 10, topPrice: 10 };
const EXAMPLE_ROW = [3, 1, 4, 0, 5, 9, 2, 6, 8, 7];
const COLOURS = ["#1f5fa8", "#c2410c", "#15803d", "#7c3aed", "#b91c1c", "#0e7490", "#a16207", "#be185d"];

// Middleman's own layout: its wide tables scroll inside their boxes, never the page.
const STYLE = `
.mm-now { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 0 14px; align-items: start; }
.mm-now > .panel { margin: 6px 0; min-width: 0; }
@media (max-width: 760px) { .mm-now { grid-template-columns: minmax(0, 1fr); } }
.mm .panel { min-width: 0; }
.mm-scroll { overflow-x: auto; max-width: 100%; }
.mm-scroll > table { margin-bottom: 2px; }
.mm .lead { margin: 2px 0 8px; }
.mm .hint { color: var(--muted); font-size: 13px; margin: 2px 0 6px; }
.mm .cost { margin: 6px 0 2px; font-variant-numeric: tabular-nums; }
.mm .warn { background: #fff4d6; border: 1px solid #e0b43c; border-radius: 5px; padding: 8px 10px; margin: 8px 0; }
.mm .warn p { margin: 0 0 6px; font-weight: 600; }
.mm .order-fields { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 6px 10px; align-items: center; margin: 6px 0; }
.mm .order-fields label { display: contents; }
.mm .order-fields input { width: 6em; }
.mm .order-fields input[type=text] { width: 100%; max-width: 16em; }
.mm .legend { display: flex; flex-wrap: wrap; gap: 0 12px; }
.mm .legend span { margin: 0; }
.mm .round-pair { display: flex; flex-wrap: wrap; gap: 8px; min-width: 0; }
.mm .field-error { grid-column: 1 / -1; }
.mm .field-error:empty { display: none; }
.mm table.sheet.forecast td { line-height: 1.15; }
.mm table.sheet.forecast small { display: block; color: var(--muted); font-size: 11px; }
.mm td.buyers { color: #1e7b34; font-weight: 600; }
.mm td.sellers { color: #a04a00; font-weight: 600; }
.mm table.sheet.game-sheet th, .mm table.sheet.game-sheet td { padding: 2px 5px; min-width: 1.9em; }
.mm .sealed { font-weight: 600; }
.mm .variant-note { margin: 6px 0; color: inherit; font-size: 14px; background: #fff8e6; border-color: #e0b43c; }
#cash-plot { width: 100%; max-width: 520px; height: auto; }
`;

function addStyle() {
  if (document.getElementById("middleman-style")) return;
  document.head.append(el("style", { id: "middleman-style" }, STYLE));
}

// The rule text's rows of the game sheet, in its order (Middleman §2-§4).
const SHEET_ROWS = [
  ["cashHead", "Cash Held"],
  ["tinsHead", "Tins Held"],
  ["a", "A"],
  ["wanted", "Tins Wanted"],
  ["offer", "Offer/Tin"],
  ["available", "Available Tins"],
  ["bought", "Tins Bought"],
  ["cashMid", "Cash Held"],
  ["tinsMid", "Tins Held"],
  ["d", "D"],
  ["forSale", "For Sale"],
  ["ask", "Price/Tin"],
  ["demand", "Demand"],
  ["sold", "Tins Sold"],
];

const tinsWord = (n) => (n === 1 ? "1 tin" : `${n} tins`);

/** The figures this table plays with: the printed game's, or its research variant's. */
function figuresOf(view) {
  const variant = view.variant || {};
  return {
    rounds: view.rounds || PRINTED.rounds,
    digits: variant.digits || PRINTED.digits,
    topPrice: variant.top_price || PRINTED.topPrice,
  };
}

/** A research variant's difference from the printed game in a sentence, or null for the printed game. */
function variantWords(view) {
  if (!view.variant) return null;
  const { rounds, digits, topPrice } = figuresOf(view);
  const changes = [];
  if (rounds !== PRINTED.rounds) changes.push(`${rounds === 1 ? "1 round" : `${rounds} rounds`} instead of ${PRINTED.rounds}, the result read after round ${rounds}`);
  if (digits !== PRINTED.digits) changes.push(`rows of the digits 0 to ${digits - 1} instead of 0 to 9`);
  if (topPrice !== PRINTED.topPrice) changes.push(`the market pays at most ${topPrice} a tin instead of ${PRINTED.topPrice}`);
  if (view.variant.starting_cash !== undefined) changes.push(`every trader starts with ${view.variant.starting_cash} in cash instead of ${10 * view.players.length}`);
  const unused = Math.max(digits - rounds, 0);
  const note = unused ? ` Each row's last ${unused === 1 ? "digit is" : `${unused} digits are`} never called out.` : "";
  return `A research variant, not the printed game: ${changes.join("; ")}. Everything else is as in the rules.${note}`;
}

/** Every seat's sheet, column by column (1-11), from the public history plus this seat's secrets. */
function sheets(view) {
  const players = view.players.length;
  // Middleman §2: starting capital is ten times the number of players (a research variant's own)
  const start = (view.variant && view.variant.starting_cash) ?? 10 * players;
  const columns = figuresOf(view).rounds + 1; // the rounds, and the column whose head holds the result
  const out = view.players.map(() => Array.from({ length: columns }, () => ({})));
  const cash = Array(players).fill(start);
  const tins = Array(players).fill(0);
  const gone = Array(players).fill(false);
  for (let s = 0; s < players; s += 1) {
    out[s][0].cashHead = cash[s];
    out[s][0].tinsHead = 0;
  }
  for (const step of view.history) {
    const col = step.round - 1;
    for (const entry of step.seats) {
      const s = entry.seat;
      const cell = out[s][col];
      const playing = entry.tins !== null;
      if (step.side === "buy") {
        cell.a = entry.digit;
        cell.available = step.market;
        if (playing) {
          cell.wanted = entry.tins;
          cell.offer = entry.price;
          cell.bought = entry.went_out ? `${entry.void} (out)` : entry.filled;
          if (entry.went_out) gone[s] = true;
          else {
            cash[s] -= entry.filled * entry.price;
            tins[s] += entry.filled;
          }
        }
        cell.cashMid = gone[s] ? "out" : cash[s];
        cell.tinsMid = gone[s] ? "out" : tins[s];
      } else {
        cell.d = entry.digit;
        cell.demand = step.market;
        if (playing) {
          cell.forSale = entry.tins;
          cell.ask = entry.price;
          cell.sold = entry.filled;
          cash[s] += entry.filled * entry.price;
          tins[s] -= entry.filled;
        }
        const next = out[s][col + 1];
        next.cashHead = gone[s] ? "out" : cash[s];
        next.tinsHead = gone[s] ? "out" : tins[s];
      }
    }
  }
  return out;
}

/** The seat's own secrets on its sheet: its whole rows A and D, and its sealed order. */
function addSecrets(sheet, view) {
  if (view.rows) {
    // A variant's rows may hold more digits than it has rounds: those columns are never played.
    const played = (row) => row.slice(0, figuresOf(view).rounds);
    played(view.rows.a).forEach((digit, col) => { if (sheet[col].a === undefined) sheet[col].a = { secret: digit }; });
    played(view.rows.d).forEach((digit, col) => { if (sheet[col].d === undefined) sheet[col].d = { secret: digit }; });
  }
  const order = view.order;
  const col = view.round - 1;
  if (order && order.type === "buy") Object.assign(sheet[col], { wanted: { secret: order.tins }, offer: { secret: order.price } });
  if (order && order.type === "sell") Object.assign(sheet[col], { forSale: { secret: order.tins }, ask: { secret: order.price } });
}

function cell(value, now) {
  if (value === undefined) return el("td", { class: now ? "now" : "" }, "");
  if (value && typeof value === "object") {
    return el("td", { class: `hidden-cell${now ? " now" : ""}`, title: "only you can see this yet" }, String(value.secret));
  }
  return el("td", { class: now ? "now" : "" }, String(value));
}

function sheetTable(sheet, view, id) {
  const nowCol = view.phase === "over" ? -1 : view.round - 1;
  const head = el("tr", {}, el("th", { class: "rowname" }, "Column"),
    sheet.map((_, col) => el("th", { class: col === nowCol ? "now" : "" }, String(col + 1))));
  const rows = SHEET_ROWS.map(([key, label]) => el("tr", { "data-row": key }, el("th", { class: "rowname" }, label),
    sheet.map((column, col) => cell(column[key], col === nowCol))));
  return el("div", { class: "mm-scroll" }, el("table", { class: "sheet game-sheet", id }, head, rows));
}

/** The traders: cash, tins, out, and who has sealed this step (never what). */
function playersTable(update) {
  const view = update.view;
  return el("div", { class: "mm-scroll" }, el("table", { class: "sheet", id: "players" },
    el("tr", {}, ["trader", "cash", "tins", "this step"].map((h) => el("th", {}, h))),
    view.players.map((p) => el("tr", { class: p.seat === update.seat ? "mine" : "", "data-seat": p.seat },
      el("td", { style: `color:${COLOURS[p.seat % COLOURS.length]}` }, seatName(update, p.seat)),
      el("td", {}, p.out ? "out" : p.cash), el("td", {}, p.tins),
      el("td", {}, p.out ? el("span", { class: "out" }, "out of the game")
        : view.phase === "over" ? "" : p.committed ? el("span", { class: "badge done" }, "sealed")
          : el("span", { class: "badge wait" }, "deciding"))))));
}

/** One resolved step laid out as the rule text's tables (one column per trader). */
function revealTable(step, update) {
  const buying = step.side === "buy";
  const rows = buying
    ? [["Tins Wanted", "tins"], ["Offer/Tin", "price"], ["A", "digit"], ["Available Tins", null], ["Tins Bought", "filled"]]
    : [["For Sale", "tins"], ["Price/Tin", "price"], ["D", "digit"], ["Demand", null], ["Tins Sold", "filled"]];
  return el("table", { class: "sheet reveal", "data-round": step.round, "data-side": step.side },
    el("tr", {}, el("th", {}, `Round ${step.round}: ${buying ? "buying" : "selling"}`),
      step.seats.map((s) => el("th", { class: s.seat === update.seat ? "mine" : "" }, seatName(update, s.seat)))),
    rows.map(([label, key]) => el("tr", {}, el("th", { class: "rowname" }, label),
      step.seats.map((s) => {
        let value = key === null ? step.market : s[key];
        if (key === "filled" && s.went_out) value = `${s.void}, void: out`;
        return el("td", { class: s.seat === update.seat ? "mine" : "" }, value === null ? "—" : String(value));
      }))));
}

/** What the latest step did: its reveal in the rule text's layout, and in words. */
function latestPanel(update) {
  const steps = update.view.history;
  const latest = steps.length ? steps[steps.length - 1] : null;
  const box = el("section", { class: "panel", id: "latest-reveal" }, el("h3", {}, "What just happened"));
  if (!latest) {
    box.append(el("p", { class: "muted" }, update.view.phase === "rows"
      ? "Nothing yet. Once every trader has written rows A and D, round 1 begins with the auction."
      : "Nothing revealed yet: the first reveal comes when every trader has sealed a buying order for round 1."));
    return box;
  }
  const words = (latest.text || []).map((line) => fillSeats(update, line));
  // The status bar above says it all on the live page; a replay has only this panel to say it.
  const shown = update.replay ? words : words.slice(0, 1);
  box.append(...shown.map((line) => el("p", { class: "lead" }, line)));
  box.append(el("div", { class: "mm-scroll" }, revealTable(latest, update)));
  return box;
}

/** The coming rounds as this seat can foresee them (the view's `forecast`). */
function forecastPanel(update) {
  const coming = update.view.forecast || [];
  if (!coming.length || update.view.phase === "over") return null;
  const figure = (mean, [low, high]) => (low === high
    ? el("td", {}, String(low))
    : el("td", {}, String(Math.round(mean)), el("small", {}, `${low}-${high}`)));
  const now = update.view.round;
  const nowClass = (r) => (r === now ? "now" : "");
  const mineNote = update.seat === null ? "from the digits called so far" : "from your own rows and the digits each other trader still has to call";
  return el("section", { class: "panel", id: "forecast" },
    el("h3", {}, "Forecast"),
    el("p", { class: "hint" }, `Tins likely for sale (supply) and wanted by the market (demand) in each coming round, ${mineNote}: the expected figure, and below it the least and the most it can be.`),
    el("div", { class: "mm-scroll" }, el("table", { class: "sheet forecast" },
      el("tr", {}, el("th", { class: "rowname" }, "Round"), coming.map((o) => el("th", { class: nowClass(o.round) }, String(o.round)))),
      el("tr", { "data-row": "supply" }, el("th", { class: "rowname" }, "Supply"), coming.map((o) => figure(o.supply, o.supply_range))),
      el("tr", { "data-row": "demand" }, el("th", { class: "rowname" }, "Demand"), coming.map((o) => figure(o.demand, o.demand_range))),
      el("tr", { "data-row": "market" }, el("th", { class: "rowname" }, "Best for"), coming.map((o) => (o.market === "buyer's market"
        ? el("td", { class: "buyers", title: "more tins than the market wants: buy cheaply" }, "buying")
        : el("td", { class: "sellers", title: "the market wants more than there are tins: sell dearly" }, "selling")))))));
}

/** Everybody's cash at the head of each column, as an inline SVG line chart. */
function cashPlot(all, update) {
  const W = 520, H = 220, L = 44, B = 28, T = 10, R = 10;
  const series = all.map((sheet) => sheet.map((c) => c.cashHead).filter((v) => typeof v === "number"));
  const top = Math.max(10, ...series.flat());
  const rounds = figuresOf(update.view).rounds;
  const x = (col) => L + (col * (W - L - R)) / rounds;
  const y = (v) => H - B - (v * (H - B - T)) / top;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * top));
  return el("div", {},
    svg("svg", { id: "cash-plot", viewBox: `0 0 ${W} ${H}`, role: "img", "aria-label": "cash over the rounds" },
      grid.map((v) => [svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#d1d5db" }),
        svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#6b7280" }, v)]),
      Array.from({ length: rounds + 1 }, (_, col) => svg("text", { x: x(col), y: H - 8, "text-anchor": "middle", "font-size": 11, fill: "#6b7280" }, col + 1)),
      series.map((points, s) => [
        svg("polyline", { fill: "none", stroke: COLOURS[s % COLOURS.length], "stroke-width": s === update.seat ? 3 : 2,
          points: points.map((v, col) => `${x(col)},${y(v)}`).join(" ") }),
        points.map((v, col) => svg("circle", { cx: x(col), cy: y(v), r: 3, fill: COLOURS[s % COLOURS.length] }))])),
    el("div", { class: "legend" }, all.map((_, s) => el("span", { style: `color:${COLOURS[s % COLOURS.length]}` }, `■ ${seatName(update, s)}`))));
}

// ---- forms ------------------------------------------------------------------------------------

function randomRow(digits) {
  const row = Array.from({ length: digits }, (_, digit) => digit);
  const draws = new Uint32Array(row.length);
  crypto.getRandomValues(draws);
  for (let i = row.length - 1; i > 0; i -= 1) {
    const j = draws[i] % (i + 1);
    [row[i], row[j]] = [row[j], row[i]];
  }
  return row;
}

function digits(text) {
  const compact = text.replace(/[\s,;]+/g, "");
  return /^\d+$/.test(compact) ? [...compact].map(Number) : text.split(/[\s,;]+/).filter(Boolean).map(Number);
}

/** Which field a refusal is about, from the rules' message. */
function fieldOf(message, names) {
  if (names.includes("a") && /row A/i.test(message)) return "a";
  if (names.includes("d") && /row D/i.test(message)) return "d";
  if (/tins (wanted|for sale)|cannot ask for \d+|hold only \d+ tins|can ever be on the market/i.test(message)) return "tins";
  if (/offer|price|ask|per tin/i.test(message)) return "price";
  return "form";
}

function errorSlot(name) {
  return el("span", { class: "error field-error", "data-for": name, role: "alert" });
}

function showRefusal(form, message) {
  const names = [...form.querySelectorAll("input[name]")].map((i) => i.name);
  const target = fieldOf(message, names);
  for (const slot of form.querySelectorAll(".error")) slot.textContent = slot.dataset.for === target ? message : "";
}

function clearRefusals(form) {
  for (const slot of form.querySelectorAll(".error")) slot.textContent = "";
}

/** What the rows form asks for: the digits 0 to 9 (a variant's 0 to digits - 1), and which are played. */
function rowsHint(view) {
  const { rounds, digits } = figuresOf(view);
  const unused = digits > rounds
    ? ` The game lasts ${rounds === 1 ? "1 round" : `${rounds} rounds`}, so only the first ${rounds === 1 ? "digit" : `${rounds} digits`} of each row are ever called out.`
    : "";
  return `Write the digits 0 to ${digits - 1}, each once, in row A: your share of each round's supply, one digit a round. Then again in a different order in row D: your share of each round's demand. Nobody sees a digit before its round.${unused}`;
}

function rowsForm(ctx, view) {
  const count = figuresOf(view).digits;
  const example = EXAMPLE_ROW.filter((digit) => digit < count).join(" ");
  const a = el("input", { type: "text", name: "a", size: 16, inputmode: "numeric", placeholder: `e.g. ${example}`, autocomplete: "off" });
  const d = el("input", { type: "text", name: "d", size: 16, inputmode: "numeric", placeholder: `another order of 0-${count - 1}`, autocomplete: "off" });
  const form = el("form", { id: "rows-form", novalidate: true },
    el("p", { class: "hint" }, rowsHint(view)),
    el("div", { class: "order-fields" },
      el("label", {}, "Row A", a), errorSlot("a"),
      el("label", {}, "Row D", d), errorSlot("d")),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "secondary", id: "deal", onclick: () => {
        const rowA = randomRow(count);
        let rowD = randomRow(count);
        while (rowD.join() === rowA.join()) rowD = randomRow(count);
        a.value = rowA.join(" ");
        d.value = rowD.join(" ");
      } }, "Deal at random"),
      el("button", { type: "submit" }, "Write my rows"), errorSlot("form")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    clearRefusals(form);
    const reply = await ctx.send({ type: "rows", a: digits(a.value), d: digits(d.value) });
    if (!reply.ok) showRefusal(form, reply.error);
  });
  return form;
}

/** A field's whole number, or what was typed (the server says in words what is wrong with it). */
function typed(input) {
  const text = input.value.trim();
  return /^\d+$/.test(text) ? Number(text) : text;
}

/** The warning before an order that would put the buyer out if it were filled (RULINGS
 * Middleman 4: an interface may warn; the order is still the trader's to send). */
export function riskWords(cash, tins, price) {
  const cost = tins * price;
  if (cost <= cash) return null;
  const most = Math.floor(cash / price);
  const can = most ? `at most ${tinsWord(most)}` : "not even one tin";
  return `If this order is filled you pay ${cost} and hold ${cash}: you would be out of the game (you can pay for ${can} at ${price} a tin). Send anyway?`;
}

function forecastLine(view, side) {
  const now = (view.forecast || []).find((o) => o.round === view.round);
  if (!now) return "";
  const [low, high] = side === "buy" ? now.supply_range : now.demand_range;
  if (low === high) return ` This round: ${tinsWord(low)}.`;
  const mean = Math.round(side === "buy" ? now.supply : now.demand);
  return ` Forecast for this round: about ${mean} (${low}-${high}).`;
}

function orderForm(ctx, update, legal, side) {
  const view = update.view;
  const me = view.players[update.seat];
  const fields = (legal.actions[0] || {}).fields || {};
  const buying = side === "buy";
  const topPrice = figuresOf(view).topPrice;
  const tins = el("input", { type: "number", name: "tins", min: 0, max: fields.tins ? fields.tins.max : undefined, value: 0, inputmode: "numeric" });
  const price = el("input", { type: "number", name: "price", min: 0, max: buying ? undefined : topPrice, value: 0, inputmode: "numeric" });
  const cost = el("p", { class: "cost", "aria-live": "polite" });
  const warning = el("div", { class: "warn", id: "risk-warning", role: "alertdialog", hidden: true });
  const hint = buying
    ? `You hold ${me.cash} in cash. The tins for sale are everyone's A digits added up; the highest offers are served first, and you pay your offer for each tin you get.${forecastLine(view, "buy")}`
    : me.tins === 0
      ? "You hold no tins, so you have nothing to sell this round: press “Sell nothing this round”."
      : `You hold ${tinsWord(me.tins)}. The market wants everyone's D digits added up and never pays more than ${topPrice} a tin; the lowest prices sell first.${forecastLine(view, "sell")}`;
  const idle = !buying && me.tins === 0; // nothing to sell: sitting the step out is the move
  const sendOrder = async (order) => {
    clearRefusals(form);
    const reply = await ctx.send(order);
    if (!reply.ok) showRefusal(form, reply.error);
  };
  const form = el("form", { id: "order-form", "data-side": side, novalidate: true },
    el("p", { class: "hint" }, hint),
    el("div", { class: "order-fields" },
      el("label", {}, buying ? "Tins wanted" : "Tins for sale", tins), errorSlot("tins"),
      el("label", {}, buying ? "Offer per tin" : `Price per tin (at most ${topPrice})`, price), errorSlot("price")),
    cost, warning,
    el("div", { class: "actions" },
      el("button", { type: "submit", class: idle ? "secondary" : undefined }, buying ? "Seal my buying order" : "Seal my selling order"),
      buying || idle ? null : el("button", { type: "button", class: "secondary", id: "sell-all", onclick: () => { tins.value = String(me.tins); update_(); } }, "All my tins"),
      el("button", { type: "button", class: idle ? undefined : "secondary", id: "sit-out", onclick: () => sendOrder({ type: side, tins: 0, price: 0 }) },
        buying ? "Buy nothing this round" : "Sell nothing this round"),
      errorSlot("form")));
  function update_() {
    warning.hidden = true;
    const t = typed(tins), p = typed(price);
    if (typeof t !== "number" || typeof p !== "number") {
      cost.textContent = "";
      return;
    }
    cost.textContent = buying
      ? `If all are served: ${t} × ${p} = ${t * p} to pay, from your ${me.cash}.`
      : `If all sell: ${t} × ${p} = ${t * p} earned.`;
    cost.classList.toggle("error", buying && t * p > me.cash);
  }
  tins.addEventListener("input", update_);
  price.addEventListener("input", update_);
  update_();
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const order = { type: side, tins: typed(tins), price: typed(price) };
    const risk = buying && !view.guarded && typeof order.tins === "number" && typeof order.price === "number"
      ? riskWords(me.cash, order.tins, order.price) : null;
    if (risk && warning.hidden) {
      warning.replaceChildren(el("p", {}, risk), el("div", { class: "actions" },
        el("button", { type: "button", id: "send-anyway", onclick: () => { warning.hidden = true; sendOrder(order); } }, "Send anyway"),
        el("button", { type: "button", class: "secondary", id: "change-order", onclick: () => { warning.hidden = true; tins.focus(); } }, "Change my order")));
      warning.hidden = false;
      return;
    }
    warning.hidden = true;
    await sendOrder(order);
  });
  return form;
}

function movePanel(update, ctx) {
  const view = update.view;
  if (update.seat === null || update.replay || view.phase === "over") return null;
  const box = el("section", { class: "panel", id: "your-move" });
  const mine = view.players[update.seat];
  const legal = update.legal || { actions: [] };
  const waiting = update.actors.filter((s) => s !== update.seat).map((s) => seatName(update, s));
  if (mine.out) {
    box.append(el("h3", {}, "You are out of the game"),
      el("p", { class: "out" }, "You were served tins you could not pay for. Your digits still count in every round's market; watch how the others do."));
  } else if (view.order) {
    box.append(el("h3", {}, view.phase === "rows" ? "Rows A and D" : `Round ${view.round}: your order`),
      el("p", { id: "sealed-note", class: "sealed" }, sealedText(view.order)),
      waiting.length ? el("p", { class: "muted" }, `Waiting for ${waiting.join(", ")}: everything is revealed once all have sealed.`) : null);
  } else if (legal.actions && legal.actions.length) {
    const title = view.phase === "rows" ? "Your rows A and D" : `Round ${view.round}: your ${view.phase === "buy" ? "buying" : "selling"} order`;
    box.append(el("h3", {}, title));
    box.append(view.phase === "rows" ? rowsForm(ctx, view) : orderForm(ctx, update, legal, view.phase));
  } else {
    box.append(el("p", { class: "muted" }, legal.why || "Nothing to do now."));
  }
  return box;
}

function sealedText(order) {
  if (order.type === "rows") return "Your rows are written and sealed.";
  if (order.tins === 0) return order.type === "buy" ? "Sealed: you buy nothing this round." : "Sealed: you sell nothing this round.";
  const what = order.type === "buy" ? `offer ${order.price} a tin for ${tinsWord(order.tins)}` : `sell ${tinsWord(order.tins)} at ${order.price} a tin`;
  return `Your order is sealed: ${what}.`;
}

/** The resolved steps grouped by round: [[buying, selling], ...], the last round perhaps half. */
function byRound(steps) {
  const rounds = [];
  for (const step of steps) {
    if (!rounds.length || rounds[rounds.length - 1][0].round !== step.round) rounds.push([]);
    rounds[rounds.length - 1].push(step);
  }
  return rounds;
}

// ---- the page ---------------------------------------------------------------------------------

export default {
  render(root, update, ctx) {
    addStyle();
    const view = update.view;
    if (!root.querySelector(".mm-now")) {
      const note = variantWords(view); // a variant never turns into another mid-match
      root.replaceChildren(el("div", { class: "mm" },
        note ? el("p", { class: "panel hint variant-note", id: "variant-note" }, note) : null,
        el("div", { class: "mm-now" }, el("div", { class: "mm-move" }), el("div", { class: "mm-latest" })), el("div", { class: "mm-table" })));
    }
    // Rebuild the form only when the decision changes, so that what is typed survives pushes.
    const moveKey = JSON.stringify([update.seat, view.phase, view.round, view.order, update.replay, update.legal, view.players.map((p) => p.out)]);
    const moveBox = root.querySelector(".mm-move");
    if (moveBox.dataset.key !== moveKey || view.order) {
      moveBox.dataset.key = moveKey;
      const panel = movePanel(update, ctx);
      moveBox.replaceChildren(...(panel ? [panel] : []));
      moveBox.hidden = !panel;
    }
    root.querySelector(".mm-latest").replaceChildren(latestPanel(update));
    root.querySelector(".mm-now").style.gridTemplateColumns = moveBox.hidden ? "minmax(0, 1fr)" : "";
    const all = sheets(view);
    if (update.seat !== null && all[update.seat]) addSecrets(all[update.seat], view);
    const own = update.seat === null ? null : el("section", { class: "panel" },
      el("h3", {}, "Your game sheet"), sheetTable(all[update.seat], view, "my-sheet"));
    const others = all.map((sheet, s) => (s === update.seat ? null : el("details", { class: "panel other-sheet", "data-seat": s },
      el("summary", {}, `${seatName(update, s)}: game sheet`), sheetTable(sheet, view, `sheet-${s}`))));
    const steps = view.history;
    root.querySelector(".mm-table").replaceChildren(...[
      forecastPanel(update),
      own,
      el("section", { class: "panel" }, el("h3", {}, "The traders"),
        view.guarded ? el("p", { class: "hint" }, "Careful mode: orders you could not pay for are refused.") : null,
        playersTable(update)),
      el("section", { class: "panel", id: "history" }, el("h3", {}, "Every round"),
        steps.length ? el("div", { class: "rounds" }, byRound(steps).map((pair) => el("div", { class: "round-pair" },
          pair.map((step) => el("div", { class: "mm-scroll" }, revealTable(step, update))))).reverse())
          : el("p", { class: "muted" }, "Nothing revealed yet.")),
      el("section", { class: "panel" }, el("h3", {}, "Cash at the head of each column"), cashPlot(all, update)),
      ...others].filter(Boolean));
  },
};
