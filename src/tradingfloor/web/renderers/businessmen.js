// Businessmen's renderer: the market, the cars with whose units are in them, the price scale, the
// cards, every tablet, the VP track, and both roulettes spinning to their result.
import { el, seatName, svg } from "../api.js";

const COLOURS = ["#c0262d", "#d49a00", "#1f5fa8", "#15803d"]; // the text's red, yellow, blue, green
const GOOD_COLOURS = { oil: "#27272a", wood: "#92602a", metal: "#64748b", meat: "#be3455", grain: "#d9a404", fish: "#0e7490" };
const CAR_COLOURS = { yellow: "#f5c518", blue: "#3b82f6", green: "#22a04b" };
const PHASES = {
  declare: "declarations: play the round or skip it",
  buy: "Phase 1: buying",
  load: "Phase 2: loading",
  store: "Phase 2: storing",
  export: "Phase 3: exports",
  improve: "Phase 4: improving",
  discard: "Phase 5: negative events",
  insure: "Phase 6: insurance",
  over: "the game is over",
};
const STYLE = `
.bm-board { display: grid; grid-template-columns: repeat(auto-fit, minmax(340px, 1fr)); gap: 12px; }
.bm-tile { display: inline-block; width: 11px; height: 11px; margin: 1px; border-radius: 2px; vertical-align: middle; }
.bm-good { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.bm-good .dot { width: 10px; height: 10px; border-radius: 50%; display: inline-block; }
.bm-car { border: 2px solid var(--line); border-radius: 8px; padding: 6px 8px; margin: 6px 0; }
.bm-car .slots { display: flex; gap: 3px; margin-top: 4px; }
.bm-car .slot { width: 22px; height: 22px; border-radius: 4px; border: 1px dashed var(--line); font-size: 11px; color: white; text-align: center; line-height: 22px; }
.bm-scale td.price, .bm-scale th { min-width: 1.45em; padding: 2px 3px; }
.bm-scale td.marker { background: #1d2330; color: white; font-weight: 700; }
.bm-scale td.start { box-shadow: inset 0 0 0 2px #94a3b8; }
.bm-tablet h4 { margin: 0 0 4px; }
.bm-level { display: inline-block; width: 18px; height: 18px; line-height: 18px; text-align: center; border: 1px solid var(--line); border-radius: 3px; margin-right: 2px; font-size: 12px; }
.bm-level.on { background: var(--accent); color: white; }
.bm-flag { font-size: 12px; padding: 0 5px; border-radius: 8px; margin-left: 4px; }
.bm-flag.marker { background: #fde2e1; color: var(--bad); }
.bm-flag.insured { background: #d7f2dc; color: var(--good); }
.bm-track { display: flex; flex-wrap: wrap; gap: 2px; }
.bm-track .step { width: 28px; min-height: 34px; border: 1px solid var(--line); border-radius: 3px; font-size: 11px; text-align: center; background: var(--paper); }
.bm-track .step.goal { border-color: var(--bad); }
.bm-wheel svg g.spin { transition: transform 1.8s cubic-bezier(.17,.67,.2,1); transform-origin: 0 0; }
.bm-moves button { margin: 2px; }
.bm-log li { margin: 1px 0; }
`;

function goodTag(name, extra = "") {
  return el("span", { class: "bm-good" }, el("span", { class: "dot", style: `background:${GOOD_COLOURS[name]}` }), `${name}${extra}`);
}

function tiles(count, colour) {
  return Array.from({ length: count }, () => el("span", { class: "bm-tile", style: `background:${colour}` }));
}

function seatColour(seat) {
  return COLOURS[seat % COLOURS.length];
}

// ---- the board -------------------------------------------------------------------------------

function marketPanel(view) {
  const card = view.goods_card;
  return el("section", { class: "panel", id: "bm-market" }, el("h3", {}, "Market of goods"),
    el("table", { class: "sheet" },
      el("tr", {}, ["good", "on the market", "card", "supply"].map((h) => el("th", {}, h))),
      view.goods.map((g) => el("tr", { "data-good": g },
        el("td", {}, goodTag(g)),
        el("td", { class: "market-units" }, view.market[g] ? [tiles(view.market[g], GOOD_COLOURS[g]), ` ${view.market[g]}`] : ""),
        el("td", {}, card && card[g] ? String(card[g]) : ""),
        el("td", {}, String(view.supply[g]))))),
    el("p", { class: "muted" }, `goods deck: ${view.decks.goods_left} left, ${view.decks.goods_turned} turned`));
}

function exportPanel(view) {
  const card = view.export_card;
  return el("section", { class: "panel", id: "bm-export" }, el("h3", {}, "Export card"),
    card ? el("p", {}, card.map((g) => [goodTag(g, view.embargo.includes(g) ? " (embargo)" : ""), " "]))
      : el("p", { class: "muted" }, "turned as the round starts"),
    el("p", { class: "muted" }, "4 units: 1 VP, 6 units: 2 VP, 8 units: 3 VP"),
    view.embargo.length ? el("p", { class: "error", id: "bm-embargo" }, `Embargo this round: ${view.embargo.join(", ")}`) : null,
    el("p", { class: "muted" }, `export deck: ${view.decks.export_left} left`));
}

function carsPanel(update) {
  const view = update.view;
  return el("section", { class: "panel", id: "bm-cars" }, el("h3", {}, "Cars"),
    view.cars.map((car) => {
      const owners = [];
      car.units.forEach((n, seat) => { for (let i = 0; i < n; i += 1) owners.push(seat); });
      const slots = Array.from({ length: car.capacity }, (_, i) => (i < owners.length
        ? el("span", { class: "slot", style: `background:${seatColour(owners[i])};border-style:solid`, title: seatName(update, owners[i]) }, String(owners[i] + 1))
        : el("span", { class: "slot" })));
      const who = car.units.map((n, seat) => (n ? `${seatName(update, seat)} ${n}` : null)).filter(Boolean).join(", ");
      return el("div", { class: "bm-car", "data-car": car.name, style: `border-color:${CAR_COLOURS[car.name]}` },
        el("strong", {}, `${car.name} (${car.capacity})`), " ",
        car.good ? goodTag(car.good, ` ${car.load}/${car.capacity}`) : el("span", { class: "muted" }, "empty"),
        el("span", { class: "muted" }, ` · filled alone: ${car.vp} VP`),
        el("div", { class: "slots" }, slots),
        who ? el("div", { class: "muted" }, who) : null);
    }));
}

function pricePanel(view) {
  const steps = Array.from({ length: 10 }, (_, i) => i + 1);
  return el("section", { class: "panel", id: "bm-prices" }, el("h3", {}, "Table of prices"),
    el("div", { class: "scroll" }, el("table", { class: "sheet bm-scale" },
      el("tr", {}, el("th", {}, ""), steps.map((p) => el("th", {}, String(p)))),
      view.goods.map((g) => el("tr", { "data-good": g, "data-price": view.prices[g] }, el("th", { class: "rowname" }, goodTag(g)),
        steps.map((p) => el("td", { class: `price${p === view.prices[g] ? " marker" : ""}${p === 3 ? " start" : ""}` }, p === view.prices[g] ? "●" : "")))))));
}

function vpTrack(update) {
  const view = update.view;
  const top = Math.max(view.goal, ...view.players.map((p) => p.vp));
  return el("section", { class: "panel", id: "bm-vp" }, el("h3", {}, `Victory points (the game ends at ${view.goal})`),
    el("div", { class: "bm-track" }, Array.from({ length: top + 1 }, (_, v) => el("div", { class: `step${v === view.goal ? " goal" : ""}`, "data-vp": v },
      el("div", {}, String(v)),
      view.players.filter((p) => p.vp === v).map((p) => el("span", { class: "bm-tile", title: seatName(update, p.seat), style: `background:${seatColour(p.seat)};border-radius:50%` }))))));
}

// ---- tablets ---------------------------------------------------------------------------------

const CHARACTERISTICS = [["warehouse", "Main warehouse", "types", [1, 2, 3]], ["loader", "Loader", "units a load", [4, 5, 6]], ["manager", "Manager", "units a purchase", [3, 4, 5]]];

function goodsList(goods) {
  const entries = Object.entries(goods);
  return entries.length ? entries.map(([g, n]) => [goodTag(g, ` ${n}`), " "]) : el("span", { class: "muted" }, "empty");
}

function tablet(update, p) {
  const view = update.view;
  const status = p.skipping ? "skips this round" : view.turn === p.seat ? "to act" : p.passed && ["buy", "load", "export", "improve", "insure"].includes(view.phase) ? "passed" : "";
  return el("section", { class: `panel bm-tablet${p.seat === update.seat ? " mine" : ""}`, "data-seat": p.seat, style: `border-left:6px solid ${seatColour(p.seat)}` },
    el("h4", {}, seatName(update, p.seat), view.first === p.seat ? el("span", { class: "badge" }, "first player") : null,
      status ? el("span", { class: `badge ${status === "to act" ? "wait" : ""}` }, status) : null),
    el("p", {}, el("strong", { class: "coins" }, `${p.coins} coins`), " · ", el("strong", { class: "vp" }, `${p.vp} VP`),
      p.owed ? el("span", { class: "muted" }, " · 10 coins due as the next round starts") : null),
    el("table", { class: "sheet" }, CHARACTERISTICS.map(([key, label, unit, values]) => el("tr", { "data-characteristic": key },
      el("th", { class: "rowname" }, label),
      el("td", {}, values.map((v, i) => el("span", { class: `bm-level${p.levels[key] === i + 1 ? " on" : ""}`, title: `level ${i + 1}: ${v} ${unit}` }, String(v)))),
      el("td", {}, p.markers[key] ? el("span", { class: "bm-flag marker" }, "⚠ marker") : null,
        p.insured[key] ? el("span", { class: "bm-flag insured" }, "insured") : null)))),
    el("div", {}, el("span", { class: "muted" }, "main: "), goodsList(p.main)),
    el("div", {}, el("span", { class: "muted" }, "temporary: "), goodsList(p.temp)),
    p.bought.length || p.exported.length ? el("div", { class: "muted" },
      p.bought.length ? `bought: ${p.bought.join(", ")} ` : "", p.exported.length ? `exported: ${p.exported.join(", ")}` : "") : null);
}

// ---- the roulettes ---------------------------------------------------------------------------

function sectorLabel(sector) {
  if (typeof sector === "string") return sector;
  if (sector.embargo) return `⛔ ${sector.embargo.join(" ")}`;
  return [sector.up ? `↑${sector.up.good}` : "", sector.down ? `↓${sector.down.good}` : ""].join(" ").trim();
}

/** A price sector in words: "fish +3, wood −5" or "embargo on metal and wood". */
function sectorWords(sector) {
  if (sector.embargo) return `embargo on ${sector.embargo.join(" and ")}`;
  return [sector.up ? `${sector.up.good} +${sector.up.by}` : "", sector.down ? `${sector.down.good} −${sector.down.by}` : ""].filter(Boolean).join(", ");
}

function wheelSvg(sectors, id) {
  const R = 92;
  const n = sectors.length;
  const slice = (2 * Math.PI) / n;
  const point = (a, r) => `${(r * Math.sin(a)).toFixed(2)},${(-r * Math.cos(a)).toFixed(2)}`;
  const spin = svg("g", { class: "spin" },
    sectors.map((s, i) => {
      const a0 = i * slice, a1 = (i + 1) * slice, mid = (i + 0.5) * slice;
      const fill = typeof s === "string" ? (s === "nothing" ? "#e5e7eb" : { warehouse: "#fca5a5", loader: "#fdba74", manager: "#fcd34d" }[s])
        : s.embargo ? "#fecaca" : "#bfdbfe";
      const [tx, ty] = point(mid, R * 0.62).split(",");
      return svg("g", { "data-sector": i },
        svg("path", { d: `M0,0 L${point(a0, R)} A${R},${R} 0 0,1 ${point(a1, R)} Z`, fill, stroke: "white", "stroke-width": 1.5 }),
        svg("text", { x: tx, y: ty, "font-size": n > 10 ? 8 : 9, "text-anchor": "middle", transform: `rotate(${(mid * 180) / Math.PI} ${tx} ${ty})` }, sectorLabel(s)));
    }));
  return svg("svg", { id, viewBox: "-100 -108 200 212", width: 260, height: 276, role: "img" },
    spin, svg("circle", { r: 6, fill: "#1d2330" }), svg("path", { d: "M-7,-106 L7,-106 L0,-88 Z", fill: "#1d2330" }));
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
}

function wheelsPanel(root, update) {
  let box = root.querySelector("#bm-wheels");
  const view = update.view;
  if (!box) {
    box = el("section", { class: "panel", id: "bm-wheels" }, el("h3", {}, "Roulettes"),
      el("div", { class: "grid" },
        el("div", { class: "bm-wheel", id: "bm-price-wheel" }, el("strong", {}, "Price changes and embargo"), wheelSvg(view.price_wheel, "price-wheel"), el("p", { class: "result" })),
        el("div", { class: "bm-wheel", id: "bm-events-wheel" }, el("strong", {}, "Negative events"), wheelSvg(view.events_wheel, "events-wheel"), el("p", { class: "result" }))));
  }
  const priceBox = box.querySelector("#bm-price-wheel");
  const eventsBox = box.querySelector("#bm-events-wheel");
  // A wheel first drawn unspun will animate its first spin; one first drawn spun shows it at once.
  if (priceBox.dataset.spun === undefined && view.price_spin === null) priceBox.dataset.spun = "none";
  if (eventsBox.dataset.spun === undefined && !view.event_spins.length) eventsBox.dataset.spun = "none";
  if (view.price_spin !== null) {
    spinTo(priceBox, view.price_spin, view.price_wheel.length, `${view.round}`);
    const sector = view.price_wheel[view.price_spin];
    priceBox.querySelector(".result").textContent = `round ${view.round}: ${sectorWords(sector)}`;
  } else {
    priceBox.querySelector(".result").textContent = "spun in Phase 3 by the first player";
  }
  const spins = view.event_spins;
  if (spins.length) {
    const last = spins[spins.length - 1];
    spinTo(eventsBox, last.sector, view.events_wheel.length, `${view.round}:${spins.length}`);
    eventsBox.querySelector(".result").replaceChildren(...spins.map((s) => el("div", {}, `${seatName(update, s.seat)}: ${view.events_wheel[s.sector]}`)));
  } else {
    eventsBox.querySelector(".result").textContent = "spun in Phase 5 by each player";
  }
  return box;
}

// ---- moves -----------------------------------------------------------------------------------

function label(action) {
  switch (action.type) {
    case "buy": return `${action.units}`;
    case "load": return `${action.good} → ${action.car}`;
    case "store": return `keep ${action.keep.join(" + ")}`;
    case "export": return `export ${action.units} ${action.good}`;
    case "improve": return `improve ${action.characteristic}`;
    case "insure": return `insure ${action.characteristic} (10 coins)`;
    case "play": return "play this round";
    case "skip": return "skip this round (−1 VP, +10 coins next round)";
    default: return action.type;
  }
}

function movesPanel(update, ctx) {
  const view = update.view;
  const box = el("section", { class: "panel bm-moves", id: "your-move" });
  if (update.seat === null || update.replay || view.phase === "over") return box;
  const legal = update.legal || { actions: [] };
  const error = el("p", { class: "error", role: "alert" });
  const send = async (action) => {
    error.textContent = "";
    const reply = await ctx.send(action);
    if (!reply.ok) error.textContent = reply.error;
  };
  const button = (action, text = label(action)) => el("button", { type: "button", class: action.type === "pass" || action.type === "skip" ? "secondary" : "", "data-action": JSON.stringify(action), onclick: () => send(action) }, text);
  if (!legal.actions || !legal.actions.length) {
    const waiting = update.actors.map((s) => seatName(update, s)).join(", ");
    box.append(el("p", { class: "muted" }, waiting ? `Waiting for ${waiting}.` : legal.why || "nothing to do now"));
    return box;
  }
  box.append(el("h3", {}, `Your move: ${PHASES[view.phase]}`));
  const buys = legal.actions.filter((a) => a.type === "buy");
  const goods = [...new Set(buys.map((a) => a.good))];
  for (const g of goods) {
    box.append(el("div", { class: "actions", "data-good": g }, el("span", {}, "buy ", goodTag(g), " units:"), buys.filter((a) => a.good === g).map((a) => button(a))));
  }
  const rest = legal.actions.filter((a) => a.type !== "buy");
  box.append(el("div", { class: "actions" }, rest.map((a) => button(a))));
  box.append(error);
  return box;
}

// ---- the log ---------------------------------------------------------------------------------

function describe(event, update) {
  const who = event.seat !== undefined ? seatName(update, event.seat) : "";
  switch (event.kind) {
    case "declare": return `${who} ${event.skip ? "skips" : "plays"} round ${event.round}`;
    case "cards": return `cards: ${Object.entries(event.market).map(([g, n]) => `${n} ${g}`).join(", ")}; export ${event.export.join(", ")}`;
    case "buy": return `${who} buys ${event.units} ${event.good}`;
    case "load": return `${who} loads ${event.units} ${event.good} into ${event.car}`;
    case "pass": return `${who} passes${event.forced ? " (nothing to do)" : ""}`;
    case "store": return `${who} keeps ${event.keep.join(", ")}${Object.keys(event.dropped).length ? `, drops ${Object.entries(event.dropped).map(([g, n]) => `${n} ${g}`).join(", ")}` : ""}`;
    case "price-wheel": return `price roulette: ${sectorWords(event)}`;
    case "send": return `${event.car} car sent: ${event.good} at ${event.price}; ${Object.entries(event.paid).map(([s, c]) => `${seatName(update, Number(s))} +${c}`).join(", ")}${event.alone !== null ? `; ${seatName(update, event.alone)} +${event.vp} VP` : ""}`;
    case "prices": return `prices now ${Object.entries(event.prices).map(([g, p]) => `${g} ${p}`).join(", ")}`;
    case "export": return `${who} exports ${event.units} ${event.good}: +${event.vp} VP`;
    case "improve": return `${who} improves ${event.characteristic} to ${event.level}: −${event.coins} coins, +${event.vp} VP`;
    case "event": return `${who} spins: ${event.hit === null ? "nothing" : event.insured ? `${event.hit}, insured` : `${event.hit} drops to ${event.level}, ${event.vp} VP`}`;
    case "insure": return `${who} insures ${event.characteristic}`;
    case "skip-pay": return `${who} receives ${event.coins} coins for the skipped round`;
    case "round": return `round ${event.round} begins`;
    default: return event.kind;
  }
}

function logPanel(update) {
  const events = update.view.events.slice(-14).reverse();
  return el("section", { class: "panel", id: "bm-log" }, el("h3", {}, "What happened"),
    el("ol", { class: "bm-log", reversed: true }, events.map((e) => el("li", {}, describe(e, update)))));
}

// ---- the page --------------------------------------------------------------------------------

export default {
  render(root, update, ctx) {
    const view = update.view;
    if (!root.querySelector(".bm-root")) {
      root.replaceChildren(el("style", {}, STYLE), el("div", { class: "bm-root" },
        el("div", { class: "bm-move" }), el("div", { class: "bm-head" }), el("div", { class: "bm-wheels-slot" }), el("div", { class: "bm-table" })));
    }
    const moveKey = JSON.stringify([update.seat, update.seq, update.legal, update.replay]);
    const moveBox = root.querySelector(".bm-move");
    if (moveBox.dataset.key !== moveKey) {
      moveBox.dataset.key = moveKey;
      moveBox.replaceChildren(movesPanel(update, ctx));
    }
    const turn = view.turn === null ? "" : ` · ${seatName(update, view.turn)} to act`;
    root.querySelector(".bm-head").replaceChildren(el("section", { class: "panel", id: "bm-phase" },
      el("h3", {}, `Businessmen · round ${view.round} · ${PHASES[view.phase]}${turn}`),
      el("p", { class: "muted" }, `first player: ${seatName(update, view.first)}`)));
    const slot = root.querySelector(".bm-wheels-slot");
    const wheels = wheelsPanel(root, update);
    if (!slot.contains(wheels)) slot.replaceChildren(wheels);
    root.querySelector(".bm-table").replaceChildren(
      vpTrack(update),
      el("div", { class: "bm-board" }, marketPanel(view), carsPanel(update), pricePanel(view), exportPanel(view)),
      el("div", { class: "bm-board", id: "bm-tablets" }, view.players.map((p) => tablet(update, p))),
      logPanel(update));
  },
};
