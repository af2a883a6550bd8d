// Businessmen's renderer. In the order a player looks: the decision (or whom the table waits for),
// then the board (market and export card, the cars, the table of prices with this round's roulette),
// then this round and the last in words beside both roulettes, every tablet, and the VP track.
// Every sentence comes from the game (view.status, view.help, events' text, entries' labels); the
// page only names the seats (fillSeats).
import { el, fillSeats, seatName, svg } from "../api.js";

const COLOURS = ["#c0262d", "#d49a00", "#1f5fa8", "#15803d"]; // the text's red, yellow, blue, green
const INK_ON = ["white", "#1d2330", "white", "white"]; // readable numbers on each seat's colour
const GOOD_COLOURS = { oil: "#27272a", wood: "#92602a", metal: "#64748b", meat: "#be3455", grain: "#d9a404", fish: "#0e7490" };
const CAR_COLOURS = { yellow: "#f5c518", blue: "#3b82f6", green: "#22a04b" };
const CHARACTERISTIC_WORDS = { warehouse: "main warehouse", loader: "loader", manager: "manager" };
const STYLE = `
.bm-root { --bm-gap: 10px; }
.bm-root .panel { margin: 0; min-width: 0; }
.bm-root h3 { margin: 0 0 6px; }
.bm-stack { display: grid; gap: var(--bm-gap); margin: 10px 0; }
.bm-board { display: grid; gap: var(--bm-gap); grid-template-columns: repeat(auto-fit, minmax(min(330px, 100%), 1fr)); }
.bm-story { display: grid; gap: var(--bm-gap); grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); align-items: start; }
.bm-tablets { display: grid; gap: var(--bm-gap); grid-template-columns: repeat(auto-fit, minmax(min(250px, 100%), 1fr)); }
@media (max-width: 820px) { .bm-story { grid-template-columns: minmax(0, 1fr); } }
@media (max-width: 600px) { #your-move .buy-row .what { flex-basis: 100%; } #your-move .help { font-size: 13px; } }
#your-move.bm-now { border: 2px solid var(--accent); box-shadow: 0 0 0 3px #dbe8fb; }
#your-move .help { margin: 2px 0 6px; max-width: 90ch; font-size: 14px; }
#your-move .buy-row { display: flex; flex-wrap: wrap; gap: 6px; align-items: center; margin: 4px 0; }
#your-move .buy-row .what { min-width: 13em; }
#your-move .choices { display: flex; flex-wrap: wrap; gap: 6px; margin: 6px 0; }
#your-move .mine-now { margin: 0 0 6px; }
#your-move .error { margin: 4px 0 0; }
#your-move .error:empty { display: none; }
.bm-good { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.bm-good .dot { width: 10px; height: 10px; border-radius: 50%; display: inline-block; flex: none; }
.bm-tile { display: inline-block; width: 9px; height: 9px; margin: 0 1px; border-radius: 2px; vertical-align: middle; }
.bm-tag { font-size: 12px; padding: 0 6px; border-radius: 8px; margin-left: 4px; white-space: nowrap; }
.bm-tag.embargo { background: #fde2e1; color: var(--bad); font-weight: 600; }
.bm-tag.export { background: #e0ecff; color: var(--accent); }
.bm-tag.marker { background: #fde2e1; color: var(--bad); }
.bm-tag.insured { background: #d7f2dc; color: var(--good); }
table.sheet.bm-market { width: 100%; }
table.sheet.bm-market td, table.sheet.bm-market th { padding: 3px 5px; min-width: 0; }
table.sheet.bm-market td.units { text-align: left; white-space: nowrap; }
.bm-export { margin: 8px 0 0; }
.bm-car { border: 2px solid var(--line); border-radius: 8px; padding: 5px 8px; margin: 0 0 6px; }
.bm-car .slots { display: flex; flex-wrap: wrap; gap: 3px; margin-top: 4px; }
.bm-car .slot { width: 22px; height: 22px; border-radius: 4px; border: 1px dashed var(--line); font-size: 12px; font-weight: 600; text-align: center; line-height: 20px; }
.bm-car .who { font-size: 13px; }
table.sheet.bm-scale { width: 100%; table-layout: fixed; }
table.sheet.bm-scale th, table.sheet.bm-scale td { min-width: 0; padding: 2px 0; }
table.sheet.bm-scale th.rowname { width: 74px; padding: 2px 4px; }
table.sheet.bm-scale td.marker { background: #1d2330; color: white; font-weight: 700; }
table.sheet.bm-scale tr.embargoed th.rowname { color: var(--bad); }
.bm-spin { margin: 6px 0 0; font-weight: 600; }
.bm-log h4 { margin: 8px 0 2px; font-size: 14px; }
.bm-log ul { margin: 0; padding: 0; list-style: none; max-height: 340px; overflow-y: auto; }
.bm-log li { margin: 0; padding: 3px 0 3px 10px; border-left: 3px solid var(--line); }
.bm-log li + li { border-top: 1px solid #eef0f3; }
.bm-log li.latest { font-weight: 600; }
.bm-wheels { display: flex; flex-wrap: wrap; gap: 8px 14px; justify-content: space-around; }
.bm-wheel { flex: 1 1 220px; max-width: 280px; text-align: center; }
.bm-wheel svg { width: 100%; height: auto; max-width: 270px; }
.bm-wheel svg g.spin { transition: transform 1.8s cubic-bezier(.17,.67,.2,1); transform-origin: 0 0; }
.bm-wheel .result { margin: 2px 0 0; font-weight: 600; }
.bm-legend { font-size: 13px; margin: 6px 0 0; }
.bm-legend .swatch { display: inline-block; width: 11px; height: 11px; border-radius: 2px; vertical-align: -1px; margin-right: 3px; }
.bm-tablet h4 { margin: 0 0 4px; display: flex; flex-wrap: wrap; gap: 4px; align-items: center; }
.bm-tablet table.sheet { width: 100%; }
.bm-tablet table.sheet th, .bm-tablet table.sheet td { padding: 2px 4px; min-width: 0; }
.bm-level { display: inline-block; width: 18px; height: 18px; line-height: 18px; text-align: center; border: 1px solid var(--line); border-radius: 3px; margin-right: 2px; font-size: 12px; }
.bm-level.on { background: var(--accent); color: white; border-color: var(--accent); }
.bm-track { display: flex; flex-wrap: wrap; gap: 2px; }
.bm-track .step { width: 28px; min-height: 34px; border: 1px solid var(--line); border-radius: 3px; font-size: 11px; text-align: center; background: var(--paper); }
.bm-track .step.goal { border-color: var(--bad); border-width: 2px; }
`;

// ---- small pieces -----------------------------------------------------------------------------

function goodTag(name, extra = "") {
  return el("span", { class: "bm-good" }, el("span", { class: "dot", style: `background:${GOOD_COLOURS[name] || "#999"}` }), `${name}${extra}`);
}

function tiles(count, colour) {
  return Array.from({ length: count }, () => el("span", { class: "bm-tile", style: `background:${colour}` }));
}

function seatColour(seat) {
  return COLOURS[seat % COLOURS.length];
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** What the player sends: the entry without its words. */
function bare(entry) {
  const { label, note, count, ...action } = entry;
  return action;
}

// ---- the decision -----------------------------------------------------------------------------

function movesPanel(update, ctx) {
  const view = update.view;
  const legal = update.legal || { actions: [] };
  const mine = update.seat !== null && !update.replay && (legal.actions || []).length > 0;
  const box = el("section", { class: `panel${mine ? " bm-now" : ""}`, id: "your-move" });
  if (update.replay) {
    box.append(el("h3", {}, fillSeats(update, view.status)));
    return box;
  }
  if (view.phase === "over") {
    box.hidden = true; // the match page's end screen says how it ended
    return box;
  }
  if (!mine) {
    const waiting = (update.actors || []).map((s) => seatName(update, s)).join(", ");
    box.append(el("h3", {}, waiting ? `Waiting for ${waiting}` : fillSeats(update, legal.why || view.status)));
    if (view.help) box.append(el("p", { class: "help muted" }, view.help));
    return box;
  }
  const error = el("p", { class: "error", role: "alert" });
  const send = async (action) => {
    error.textContent = "";
    for (const b of box.querySelectorAll("button")) b.disabled = true;
    const reply = await ctx.send(action);
    if (!reply.ok) {
      error.textContent = fillSeats(update, reply.error);
      for (const b of box.querySelectorAll("button")) b.disabled = false;
    }
  };
  // A button sends the move written on it (its data-action), as the page's scripts and tests read it.
  const button = (entry, text) => el("button", {
    type: "button",
    class: entry.type === "pass" || entry.type === "skip" ? "secondary" : "",
    title: entry.label || "",
    "data-action": JSON.stringify(bare(entry)),
    onclick: (event) => send(JSON.parse(event.currentTarget.dataset.action)),
  }, text || entry.label || entry.type);
  box.append(el("h3", {}, `Your move · ${view.stage}`));
  if (view.help) box.append(el("p", { class: "help muted" }, view.help));
  if (view.yours) box.append(el("p", { class: "mine-now" }, view.yours));
  const buys = legal.actions.filter((a) => a.type === "buy");
  for (const good of [...new Set(buys.map((a) => a.good))]) {
    const options = buys.filter((a) => a.good === good);
    box.append(el("div", { class: "buy-row", "data-good": good },
      el("span", { class: "what" }, "Buy ", goodTag(good), ` (${view.market[good]} on the market, price ${view.prices[good]}):`),
      options.map((a) => button(a, plural(a.units, "unit")))));
  }
  const rest = legal.actions.filter((a) => a.type !== "buy");
  if (rest.length) box.append(el("div", { class: "choices" }, rest.map((a) => button(a))));
  box.append(error);
  return box;
}

// ---- the board --------------------------------------------------------------------------------

function marketPanel(view) {
  const card = view.goods_card;
  const exportCard = view.export_card || [];
  const rows = view.goods.map((g) => el("tr", { "data-good": g },
    el("th", { class: "rowname" }, goodTag(g),
      view.embargo.includes(g) ? el("span", { class: "bm-tag embargo" }, "embargo") : null),
    el("td", { class: "units" }, view.market[g] ? [tiles(view.market[g], GOOD_COLOURS[g]), ` ${view.market[g]}`] : el("span", { class: "muted" }, "–")),
    el("td", {}, card && card[g] ? String(card[g]) : ""),
    el("td", {}, String(view.supply[g]))));
  return el("section", { class: "panel", id: "bm-market" }, el("h3", {}, "Market"),
    el("table", { class: "sheet bm-market" },
      el("tr", {}, ["good", "market", "card", "supply"].map((h) => el("th", {}, h))), rows),
    el("div", { class: "bm-export", id: "bm-export" },
      el("strong", {}, "Export card: "),
      exportCard.length ? exportCard.map((g) => [goodTag(g), view.embargo.includes(g) ? el("span", { class: "bm-tag embargo" }, "embargo") : null, " "])
        : el("span", { class: "muted" }, "turned as the round starts"),
      el("div", { class: "muted" }, "Export exactly 4, 6 or 8 units for 1, 2 or 3 VP.")),
    el("p", { class: "muted" }, `Goods deck: ${view.decks.goods_left} left · export deck: ${view.decks.export_left} left`));
}

function carsPanel(update) {
  const view = update.view;
  return el("section", { class: "panel", id: "bm-cars" }, el("h3", {}, "Cars"),
    view.cars.map((car) => {
      const owners = [];
      car.units.forEach((n, seat) => { for (let i = 0; i < n; i += 1) owners.push(seat); });
      const slots = Array.from({ length: car.capacity }, (_, i) => (i < owners.length
        ? el("span", { class: "slot", style: `background:${seatColour(owners[i])};color:${INK_ON[owners[i] % INK_ON.length]};border-style:solid`, title: seatName(update, owners[i]) }, String(owners[i] + 1))
        : el("span", { class: "slot" })));
      const who = car.units.map((n, seat) => (n ? `${seatName(update, seat)}: ${n}` : null)).filter(Boolean).join(", ");
      const blocked = car.good && view.embargo.includes(car.good);
      return el("div", { class: "bm-car", "data-car": car.name, style: `border-color:${CAR_COLOURS[car.name]}` },
        el("strong", {}, `${car.name[0].toUpperCase()}${car.name.slice(1)} car`), ` · holds ${car.capacity} · filled alone: ${car.vp} VP`,
        el("div", {}, car.good ? [goodTag(car.good), ` ${car.load} of ${car.capacity}`, car.load === car.capacity ? " · full" : ""] : el("span", { class: "muted" }, "empty: takes any good"),
          blocked ? el("span", { class: "bm-tag embargo" }, "embargo: stays this round") : null),
        el("div", { class: "slots" }, slots),
        who ? el("div", { class: "who muted" }, who) : null);
    }),
    el("p", { class: "muted" }, "A full car is sent in Phase 3; each owner is paid units × price."));
}

function pricePanel(view) {
  const steps = Array.from({ length: 10 }, (_, i) => i + 1);
  const latest = latestPriceSpin(view);
  const spun = latest ? view.price_wheel[latest.sector] : null;
  const which = latest && latest.round === view.round ? "This round's" : "Last round's";
  return el("section", { class: "panel", id: "bm-prices" }, el("h3", {}, "Prices"),
    el("table", { class: "sheet bm-scale" },
      el("tr", {}, el("th", { class: "rowname" }, "coins"), steps.map((p) => el("th", {}, String(p)))),
      view.goods.map((g) => el("tr", { "data-good": g, "data-price": view.prices[g], class: view.embargo.includes(g) ? "embargoed" : "" },
        el("th", { class: "rowname" }, goodTag(g)),
        steps.map((p) => el("td", { class: `price${p === view.prices[g] ? " marker" : ""}` }, p === view.prices[g] ? String(p) : ""))))),
    el("p", { class: "bm-spin", id: "bm-spin" }, spun ? `${which} price roulette: ${sectorWords(spun)}` : el("span", { class: "muted" }, "The price roulette is spun in Phase 3, before the cars are paid.")),
    el("p", { class: "muted" }, "Each good sent falls by its car's size; every other good rises 3 (from 1 to 10)."));
}

// ---- the roulettes ----------------------------------------------------------------------------

/** A price sector in words: "fish +3, wood −5" or "embargo on metal and wood". */
function sectorWords(sector) {
  if (sector.embargo) return `embargo on ${sector.embargo.join(" and ")}`;
  return [sector.up ? `${sector.up.good} +${sector.up.by}` : "", sector.down ? `${sector.down.good} −${sector.down.by}` : ""].filter(Boolean).join(", ");
}

/** The lines written in a sector, each [text, colour]. */
function sectorLines(sector) {
  if (typeof sector === "string") return [[CHARACTERISTIC_WORDS[sector] === "main warehouse" ? "warehouse" : sector, "#1d2330"]];
  if (sector.embargo) return sector.embargo.map((g) => [`no ${g}`, "#8a1c15"]);
  return [sector.up ? [`${sector.up.good} +${sector.up.by}`, "#14532d"] : null, sector.down ? [`${sector.down.good} −${sector.down.by}`, "#8a1c15"] : null].filter(Boolean);
}

function sectorFill(sector) {
  if (typeof sector === "string") return sector === "nothing" ? "#e5e7eb" : { warehouse: "#fca5a5", loader: "#fdba74", manager: "#fcd34d" }[sector];
  return sector.embargo ? "#fecaca" : "#cfe0fb";
}

const R = 92; // a wheel's radius in its drawing's units

function wheelSvg(sectors, id) {
  const n = sectors.length;
  const slice = (2 * Math.PI) / n;
  const point = (a, r) => `${(r * Math.sin(a)).toFixed(2)},${(-r * Math.cos(a)).toFixed(2)}`;
  const spin = svg("g", { class: "spin" },
    sectors.map((s, i) => {
      const a0 = i * slice, a1 = (i + 1) * slice, mid = (i + 0.5) * slice;
      const lines = sectorLines(s);
      const size = n > 10 ? 10 : 11;
      const first = -((lines.length - 1) * (size + 1)) / 2 + size * 0.35;
      const label = svg("g", { class: "label", "data-mid": ((mid * 180) / Math.PI).toFixed(2) },
        lines.map(([text, colour], k) => svg("text", { y: (first + k * (size + 1)).toFixed(2), "font-size": size, "font-weight": 600, fill: colour }, text)));
      return svg("g", { "data-sector": i },
        svg("path", { d: `M0,0 L${point(a0, R)} A${R},${R} 0 0,1 ${point(a1, R)} Z`, fill: sectorFill(s), stroke: "white", "stroke-width": 1.5 }),
        label);
    }));
  const drawn = svg("svg", { id, viewBox: "-100 -108 200 212", role: "img" },
    spin, svg("circle", { r: 7, fill: "#1d2330" }), svg("path", { d: "M-8,-107 L8,-107 L0,-88 Z", fill: "#1d2330" }));
  upright(drawn, 0);
  return drawn;
}

/** Lay each sector's words along its radius, from the rim inwards where a sector is widest, turned
 *  so that they read upright with the wheel at `angle` (a sector on the left half reads inwards). */
function upright(wheel, angle) {
  for (const label of wheel.querySelectorAll("g.label")) {
    const mid = Number(label.dataset.mid);
    const left = ((((mid + angle) % 360) + 360) % 360) > 180;
    label.setAttribute("transform", `rotate(${(left ? mid + 90 : mid - 90).toFixed(2)})`);
    for (const text of label.querySelectorAll("text")) {
      text.setAttribute("x", ((left ? -1 : 1) * R * 0.93).toFixed(2));
      text.setAttribute("text-anchor", left ? "start" : "end");
    }
  }
}

/** Turn a wheel clockwise so that `sector` stops under the pointer: three turns first, except on the
 *  first drawing of a page opened mid-game, which shows the result at once. */
function spinTo(box, sector, count, key) {
  const group = box.querySelector("g.spin");
  if (!group || box.dataset.spun === key) return;
  const first = box.dataset.spun === undefined;
  const previous = Number(box.dataset.angle || 0);
  const stop = -((sector + 0.5) * 360) / count;
  const angle = first ? stop : previous + 3 * 360 + ((((stop - previous) % 360) + 360) % 360);
  Object.assign(box.dataset, { angle: String(angle), spun: key, sector: String(sector) });
  group.style.transition = first ? "none" : "";
  group.style.transform = `rotate(${angle}deg)`;
  // The words turn upright for the wheel's new position once it has stopped.
  const wheel = group.ownerSVGElement;
  if (first) upright(wheel, angle);
  else setTimeout(() => { if (box.dataset.angle === String(angle)) upright(wheel, angle); }, 1850);
}

function legend(items) {
  return el("div", { class: "bm-legend" }, items.map(([colour, text]) => el("div", {}, el("span", { class: "swatch", style: `background:${colour}` }), text)));
}

function wheelsPanel(root, update) {
  let box = root.querySelector("#bm-wheels");
  const view = update.view;
  const key = JSON.stringify([view.price_wheel, view.events_wheel]);
  if (!box || box.dataset.wheels !== key) {
    box = el("section", { class: "panel", id: "bm-wheels", "data-wheels": key }, el("h3", {}, "Roulettes"),
      el("div", { class: "bm-wheels" },
        el("div", { class: "bm-wheel", id: "bm-price-wheel" }, el("strong", {}, "Prices and embargo"), wheelSvg(view.price_wheel, "price-wheel"), el("p", { class: "result" }),
          legend([["#cfe0fb", "prices move before the cars are paid"], ["#fecaca", "embargo: not sent, not exported"]])),
        el("div", { class: "bm-wheel", id: "bm-events-wheel" }, el("strong", {}, "Negative events"), wheelSvg(view.events_wheel, "events-wheel"), el("p", { class: "result" }),
          legend([["#fca5a5", "a hit: −1 level, −1 VP (−2 at level 3), unless insured"]]))));
  }
  const priceBox = box.querySelector("#bm-price-wheel");
  const eventsBox = box.querySelector("#bm-events-wheel");
  // Each wheel shows its latest spin: this round's, or else the last round's (from the log).
  const price = latestPriceSpin(view);
  const spins = latestEventSpins(view);
  // A wheel first drawn unspun will animate its first spin; one first drawn spun shows it at once.
  if (priceBox.dataset.spun === undefined && price === null) priceBox.dataset.spun = "none";
  if (eventsBox.dataset.spun === undefined && !spins.spins.length) eventsBox.dataset.spun = "none";
  if (price !== null) {
    spinTo(priceBox, price.sector, view.price_wheel.length, `${price.round}`);
    priceBox.querySelector(".result").textContent = `Round ${price.round}: ${sectorWords(view.price_wheel[price.sector])}`;
  } else {
    priceBox.querySelector(".result").textContent = "Spun in Phase 3";
  }
  if (spins.spins.length) {
    const last = spins.spins[spins.spins.length - 1];
    spinTo(eventsBox, last.sector, view.events_wheel.length, `${spins.round}:${spins.spins.length}`);
    eventsBox.querySelector(".result").replaceChildren(el("div", {}, `Round ${spins.round}:`),
      ...spins.spins.map((s) => el("div", {}, `${seatName(update, s.seat)}: ${CHARACTERISTIC_WORDS[view.events_wheel[s.sector]] || view.events_wheel[s.sector]}`)));
  } else {
    eventsBox.querySelector(".result").textContent = "Spun in Phase 5, once for each player";
  }
  return box;
}

/** The latest spin of the price roulette: {round, sector}, this round's or the last one's. */
function latestPriceSpin(view) {
  if (view.price_spin !== null) return { round: view.round, sector: view.price_spin };
  const spun = (view.events || []).filter((e) => e.kind === "price-wheel").pop();
  return spun ? { round: spun.round, sector: spun.sector } : null;
}

/** The latest round's spins of the events roulette: {round, spins: [{seat, sector}]}. */
function latestEventSpins(view) {
  if (view.event_spins.length) return { round: view.round, spins: view.event_spins };
  const spun = (view.events || []).filter((e) => e.kind === "event");
  const round = spun.length ? spun[spun.length - 1].round : null;
  return { round, spins: spun.filter((e) => e.round === round).map((e) => ({ seat: e.seat, sector: e.sector })) };
}

// ---- the log: this round and the last, in words -----------------------------------------------

function logPanel(update) {
  const view = update.view;
  const events = view.events || [];
  const newest = events.length ? events[events.length - 1].n : 0;
  const rounds = [...new Set(events.map((e) => e.round))].sort((a, b) => b - a);
  return el("section", { class: "panel bm-log", id: "bm-log" }, el("h3", {}, "What happened"),
    rounds.length ? rounds.map((round) => {
      const lines = events.filter((e) => e.round === round).reverse();
      return el("div", { "data-round": round },
        el("h4", {}, round === view.round ? `Round ${round} (this round), newest first` : `Round ${round}`),
        el("ul", {}, lines.map((e) => el("li", { class: e.n === newest ? "latest" : "" }, fillSeats(update, e.text || e.kind)))));
    }) : el("p", { class: "muted" }, "Nothing yet: the round starts with the declarations."));
}

// ---- tablets and the VP track -----------------------------------------------------------------

const CHARACTERISTICS = [["warehouse", "Main warehouse", "types kept", [1, 2, 3]], ["loader", "Loader", "units a load", [4, 5, 6]], ["manager", "Manager", "units a purchase", [3, 4, 5]]];
const CIRCLING = ["buy", "load", "export", "improve", "insure"];

function goodsList(goods) {
  const entries = Object.entries(goods);
  return entries.length ? entries.map(([g, n]) => [goodTag(g, ` ${n}`), " "]) : el("span", { class: "muted" }, "empty");
}

function tablet(update, p) {
  const view = update.view;
  const tags = [];
  if (view.first === p.seat) tags.push(el("span", { class: "badge" }, "first player"));
  if (p.skipping) tags.push(el("span", { class: "badge" }, "skips this round"));
  else if (view.turn === p.seat) tags.push(el("span", { class: "badge wait" }, "to move"));
  else if (p.passed && CIRCLING.includes(view.phase)) tags.push(el("span", { class: "badge" }, "passed"));
  return el("section", { class: `panel bm-tablet${p.seat === update.seat ? " mine" : ""}`, "data-seat": p.seat, style: `border-left:6px solid ${seatColour(p.seat)}` },
    el("h4", {}, seatName(update, p.seat), tags),
    el("p", { style: "margin:0 0 4px" }, el("strong", { class: "coins" }, plural(p.coins, "coin")), " · ", el("strong", { class: "vp" }, `${p.vp} VP`),
      p.owed ? el("span", { class: "muted" }, " · 10 coins due as the round starts") : null),
    el("table", { class: "sheet" }, CHARACTERISTICS.map(([key, label, unit, values]) => el("tr", { "data-characteristic": key },
      el("th", { class: "rowname" }, label),
      el("td", {}, values.map((v, i) => el("span", { class: `bm-level${p.levels[key] === i + 1 ? " on" : ""}`, title: `level ${i + 1}: ${v} ${unit}` }, String(v)))),
      el("td", {}, p.markers[key] ? el("span", { class: "bm-tag marker" }, "warning") : null,
        p.insured[key] ? el("span", { class: "bm-tag insured" }, "insured") : null)))),
    el("div", {}, el("span", { class: "muted" }, "Main warehouse: "), goodsList(p.main)),
    el("div", {}, el("span", { class: "muted" }, "Bought this round: "), goodsList(p.temp)),
    p.exported.length ? el("div", { class: "muted" }, `Exported this round: ${p.exported.join(", ")}`) : null);
}

function vpTrack(update) {
  const view = update.view;
  const top = Math.max(view.goal, ...view.players.map((p) => p.vp));
  return el("section", { class: "panel", id: "bm-vp" }, el("h3", {}, `Victory points (${view.goal} ends the game)`),
    el("div", { class: "bm-track" }, Array.from({ length: top + 1 }, (_, v) => el("div", { class: `step${v === view.goal ? " goal" : ""}`, "data-vp": v },
      el("div", {}, String(v)),
      view.players.filter((p) => p.vp === v).map((p) => el("span", { class: "bm-tile", title: seatName(update, p.seat), style: `background:${seatColour(p.seat)};border-radius:50%` }))))));
}

// ---- the page ---------------------------------------------------------------------------------

export default {
  render(root, update, ctx) {
    const view = update.view;
    if (!root.querySelector(".bm-root")) {
      root.replaceChildren(el("style", {}, STYLE), el("div", { class: "bm-root" },
        el("div", { class: "bm-stack bm-move" }), el("div", { class: "bm-board bm-top" }),
        el("div", { class: "bm-story" }, el("div", { class: "bm-log-slot" }), el("div", { class: "bm-wheels-slot" })),
        el("div", { class: "bm-stack bm-rest" })));
    }
    const moveKey = JSON.stringify([update.seat, update.seq, update.legal, update.replay]);
    const moveBox = root.querySelector(".bm-move");
    if (moveBox.dataset.key !== moveKey) {
      moveBox.dataset.key = moveKey;
      moveBox.replaceChildren(movesPanel(update, ctx));
    }
    root.querySelector(".bm-top").replaceChildren(marketPanel(view), carsPanel(update), pricePanel(view));
    root.querySelector(".bm-log-slot").replaceChildren(logPanel(update));
    const slot = root.querySelector(".bm-wheels-slot");
    const wheels = wheelsPanel(root, update);
    if (!slot.contains(wheels)) slot.replaceChildren(wheels);
    root.querySelector(".bm-rest").replaceChildren(
      el("div", { class: "bm-tablets", id: "bm-tablets" }, view.players.map((p) => tablet(update, p))),
      vpTrack(update));
  },
};
