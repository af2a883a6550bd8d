// Middleman's renderer: the game sheet as on paper, order forms, each round's reveal, a cash plot.
import { el, seatName, svg } from "../api.js";

const ROUNDS = 10;
const COLOURS = ["#1f5fa8", "#c2410c", "#15803d", "#7c3aed", "#b91c1c", "#0e7490", "#a16207", "#be185d"];

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

/** Every seat's sheet, column by column (1-11), from the public history plus this seat's secrets. */
function sheets(view) {
  const players = view.players.length;
  const start = 10 * players; // Middleman §2: starting capital is ten times the number of players
  const out = view.players.map(() => Array.from({ length: ROUNDS + 1 }, () => ({})));
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
    view.rows.a.forEach((digit, col) => { if (sheet[col].a === undefined) sheet[col].a = { secret: digit }; });
    view.rows.d.forEach((digit, col) => { if (sheet[col].d === undefined) sheet[col].d = { secret: digit }; });
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
  return el("div", { class: "scroll" }, el("table", { class: "sheet game-sheet", id }, head, rows));
}

/** The players' table: cash, tins, out, and who has committed this step (never what). */
function playersTable(update) {
  const view = update.view;
  return el("table", { class: "sheet", id: "players" },
    el("tr", {}, ["player", "cash", "tins", "this step"].map((h) => el("th", {}, h))),
    view.players.map((p) => el("tr", { class: p.seat === update.seat ? "mine" : "", "data-seat": p.seat },
      el("td", { style: `color:${COLOURS[p.seat % COLOURS.length]}` }, seatName(update, p.seat)),
      el("td", {}, p.out ? "out" : p.cash), el("td", {}, p.tins),
      el("td", {}, p.out ? el("span", { class: "out" }, "out of the game")
        : view.phase === "over" ? "" : p.committed ? el("span", { class: "badge done" }, "committed")
          : el("span", { class: "badge wait" }, "deciding")))));
}

/** One resolved step laid out as the rule text's tables (one column per player). */
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

/** Everybody's cash at the head of each column, as an inline SVG line chart. */
function cashPlot(all, update) {
  const W = 520, H = 220, L = 44, B = 28, T = 10, R = 10;
  const series = all.map((sheet) => sheet.map((c) => c.cashHead).filter((v) => typeof v === "number"));
  const top = Math.max(10, ...series.flat());
  const x = (col) => L + (col * (W - L - R)) / ROUNDS;
  const y = (v) => H - B - (v * (H - B - T)) / top;
  const grid = [0, 0.25, 0.5, 0.75, 1].map((f) => Math.round(f * top));
  return el("div", {},
    svg("svg", { id: "cash-plot", viewBox: `0 0 ${W} ${H}`, width: W, height: H, role: "img", "aria-label": "cash over the rounds" },
      grid.map((v) => [svg("line", { x1: L, x2: W - R, y1: y(v), y2: y(v), stroke: "#d1d5db" }),
        svg("text", { x: L - 6, y: y(v) + 4, "text-anchor": "end", "font-size": 11, fill: "#6b7280" }, v)]),
      Array.from({ length: ROUNDS + 1 }, (_, col) => svg("text", { x: x(col), y: H - 8, "text-anchor": "middle", "font-size": 11, fill: "#6b7280" }, col + 1)),
      series.map((points, s) => [
        svg("polyline", { fill: "none", stroke: COLOURS[s % COLOURS.length], "stroke-width": s === update.seat ? 3 : 2,
          points: points.map((v, col) => `${x(col)},${y(v)}`).join(" ") }),
        points.map((v, col) => svg("circle", { cx: x(col), cy: y(v), r: 3, fill: COLOURS[s % COLOURS.length] }))])),
    el("div", { class: "legend" }, all.map((_, s) => el("span", { style: `color:${COLOURS[s % COLOURS.length]}` }, `■ ${seatName(update, s)}`))));
}

// ---- forms ------------------------------------------------------------------------------------

function randomRow() {
  const row = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
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
  if (names.includes("a") && /row A|\ba:/.test(message)) return "a";
  if (names.includes("d") && /row D|\bd:/.test(message)) return "d";
  if (/tins:|cannot ask for \d+|hold only \d+ tins|tins? (for sale|wanted)/.test(message)) return "tins";
  if (/price:|offer|ask of|per tin/.test(message)) return "price";
  return "form";
}

function errorSlot(name) {
  return el("span", { class: "error", "data-for": name, role: "alert" });
}

function showRefusal(form, message) {
  const names = [...form.querySelectorAll("input[name]")].map((i) => i.name);
  const target = fieldOf(message, names);
  for (const slot of form.querySelectorAll(".error")) slot.textContent = slot.dataset.for === target ? message : "";
}

function rowsForm(ctx) {
  const a = el("input", { type: "text", name: "a", size: 16, placeholder: "e.g. 3 1 4 0 5 9 2 6 8 7", autocomplete: "off" });
  const d = el("input", { type: "text", name: "d", size: 16, placeholder: "another order of 0-9", autocomplete: "off" });
  const form = el("form", { id: "rows-form", novalidate: true },
    el("p", {}, "Write the digits 0 to 9 in row A (your supply, one digit a round) and, in a different order, in row D (your demand). Nobody sees them before their round."),
    el("div", { class: "actions" }, el("label", {}, "Row A", a), errorSlot("a")),
    el("div", { class: "actions" }, el("label", {}, "Row D", d), errorSlot("d")),
    el("div", { class: "actions" },
      el("button", { type: "button", class: "secondary", id: "deal", onclick: () => {
        const rowA = randomRow();
        let rowD = randomRow();
        while (rowD.join() === rowA.join()) rowD = randomRow();
        a.value = rowA.join(" ");
        d.value = rowD.join(" ");
      } }, "deal at random"),
      el("button", { type: "submit" }, "write my rows"), errorSlot("form")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const reply = await ctx.send({ type: "rows", a: digits(a.value), d: digits(d.value) });
    if (!reply.ok) showRefusal(form, reply.error);
  });
  return form;
}

function orderForm(ctx, legal, side) {
  const fields = (legal.actions[0] || {}).fields || {};
  const buying = side === "buy";
  const tins = el("input", { type: "number", name: "tins", min: 0, value: 0 });
  const price = el("input", { type: "number", name: "price", min: 0, value: 0 });
  const limit = (f) => (f ? ` (0-${f.max})` : "");
  const form = el("form", { id: "order-form", "data-side": side, novalidate: true },
    el("div", { class: "actions" }, el("label", {}, `${buying ? "Tins Wanted" : "For Sale"}${limit(fields.tins)}`, tins), errorSlot("tins")),
    el("div", { class: "actions" }, el("label", {}, `${buying ? "Offer/Tin" : "Price/Tin"}${limit(fields.price)}`, price), errorSlot("price")),
    el("div", { class: "actions" }, el("button", { type: "submit" }, buying ? "seal my buying order" : "seal my selling order"), errorSlot("form")));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const number = (input) => (/^\d+$/.test(input.value.trim()) ? Number(input.value) : input.value);
    const reply = await ctx.send({ type: side, tins: number(tins), price: number(price) });
    if (!reply.ok) showRefusal(form, reply.error);
  });
  return form;
}

function movePanel(update, ctx) {
  const view = update.view;
  const box = el("section", { class: "panel", id: "your-move" });
  if (update.seat === null || update.replay || view.phase === "over") return el("div");
  const mine = view.players[update.seat];
  const legal = update.legal || { actions: [] };
  const waiting = update.actors.filter((s) => s !== update.seat).map((s) => seatName(update, s));
  if (mine.out) {
    box.append(el("p", { class: "out" }, "You are out of the game: you could not pay for the tins you bought."));
  } else if (view.order) {
    box.append(el("p", { id: "sealed-note" }, sealedText(view.order), waiting.length ? ` Waiting for ${waiting.join(", ")}.` : ""));
  } else if (legal.actions && legal.actions.length) {
    const title = view.phase === "rows" ? "Your rows" : `Round ${view.round}: your ${view.phase === "buy" ? "buying" : "selling"} order`;
    box.append(el("h3", {}, title));
    box.append(view.phase === "rows" ? rowsForm(ctx) : orderForm(ctx, legal, view.phase));
  } else {
    box.append(el("p", { class: "muted" }, legal.why || "nothing to do now"));
  }
  return box;
}

function sealedText(order) {
  if (order.type === "rows") return "Your rows are written and sealed.";
  const what = order.type === "buy" ? `buy ${order.tins} tins at ${order.price} each` : `sell ${order.tins} tins at ${order.price} each`;
  return `Your order is sealed: ${what}.`;
}

// ---- the page ---------------------------------------------------------------------------------

export default {
  render(root, update, ctx) {
    const view = update.view;
    if (!root.querySelector(".mm-move")) {
      root.replaceChildren(el("div", { class: "mm-move" }), el("div", { class: "mm-table" }));
    }
    // Rebuild the form only when the decision changes, so that what is typed survives pushes.
    const moveKey = JSON.stringify([update.seat, view.phase, view.round, view.order, update.replay, update.legal]);
    const moveBox = root.querySelector(".mm-move");
    if (moveBox.dataset.key !== moveKey) {
      moveBox.dataset.key = moveKey;
      moveBox.replaceChildren(movePanel(update, ctx));
    } else if (view.order) {
      moveBox.replaceChildren(movePanel(update, ctx)); // refresh who we are waiting for
    }
    const all = sheets(view);
    if (update.seat !== null && all[update.seat]) addSecrets(all[update.seat], view);
    const phaseText = view.phase === "over" ? "the game is over"
      : view.phase === "rows" ? "writing rows A and D" : `round ${view.round} of ${ROUNDS}: ${view.phase === "buy" ? "buying" : "selling"}`;
    const own = update.seat === null ? null : el("section", { class: "panel" },
      el("h3", {}, "Your game sheet"), sheetTable(all[update.seat], view, "my-sheet"));
    const others = all.map((sheet, s) => (s === update.seat ? null : el("details", { class: "panel other-sheet", "data-seat": s },
      el("summary", {}, `${seatName(update, s)}: game sheet`), sheetTable(sheet, view, `sheet-${s}`))));
    const steps = view.history;
    const latest = steps.length ? steps[steps.length - 1] : null;
    root.querySelector(".mm-table").replaceChildren(...[
      el("section", { class: "panel" }, el("h3", {}, `Middleman: ${phaseText}`),
        view.guarded ? el("p", { class: "muted" }, "Guarded play: orders you could not pay for are refused.") : null,
        playersTable(update)),
      own,
      latest ? el("section", { class: "panel", id: "latest-reveal" }, el("h3", {}, "Latest reveal"), revealTable(latest, update)) : null,
      el("section", { class: "panel" }, el("h3", {}, "Cash at the head of each column"), cashPlot(all, update)),
      el("section", { class: "panel", id: "history" }, el("h3", {}, "Every round"),
        steps.length ? el("div", { class: "rounds" }, steps.map((step) => revealTable(step, update))) : el("p", { class: "muted" }, "nothing revealed yet")),
      ...others].filter(Boolean));
  },
};
